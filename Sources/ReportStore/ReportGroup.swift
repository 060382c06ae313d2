import FieldReports
import Foundation

/// Which stored reports `pinbench reports` counts.
public struct ReportFilter: Hashable, Sendable {
    /// Only occurrences received in the hour holding this time or later (per-hour counts: the window is exact to
    /// the hour); groups count only those.
    public var since: Date?
    /// Only this host.
    public var host: String?
    /// At most this many groups (in the listing's order); nil for all.
    public var limit: Int?

    public init(since: Date? = nil, host: String? = nil, limit: Int? = nil) {
        self.since = since
        self.host = host
        self.limit = limit
    }
}

/// The stored reports of one host, release and judgement, counted: what `pinbench reports` prints a row for.
public struct ReportGroup: Hashable, Sendable {
    public let host: String
    /// Nil for reports whose app version no release names.
    public let release: String?
    public let judgement: ReportJudgement.Kind
    /// Reports received (identical ones included).
    public let occurrences: Int
    /// Distinct reports (rows).
    public let distinct: Int
    public let firstSeen: Date
    public let lastSeen: Date
    /// The most frequent report of the group: its reason, sentence, issuer and chain (PEM, or why unreadable).
    public let sampleReason: ReportJudgement.Reason
    public let sampleDetail: String
    public let sampleIssuer: String?
    public let sampleChain: String
}

extension ReportDatabase {
    /// The groups of stored reports that `filter` selects, by host, then release, then judgement.
    public func groups(_ filter: ReportFilter = ReportFilter()) async throws(StoreError) -> [ReportGroup] {
        let scope = Self.scope(filter)
        var binds = scope.binds
        var limit = ""
        if let count = filter.limit {
            limit = "LIMIT ?"
            binds.append(.integer(Int64(max(0, count))))
        }
        // One query for both backends: each group's sums by window, and its most frequent row as the sample.
        let rows = try await rows(
            """
            SELECT host, release, judgement, occurrences, distinct_reports, first_seen, last_seen, reason, detail,
                issuer, (SELECT pem FROM chains WHERE chains.digest = ranked.chain) AS pem
            FROM (
                SELECT host, release, judgement, reason, detail, issuer, chain,
                    CAST(sum(\(scope.count)) OVER whole AS BIGINT) AS occurrences,
                    CAST(count(*) OVER whole AS BIGINT) AS distinct_reports,
                    min(first_seen) OVER whole AS first_seen, max(last_seen) OVER whole AS last_seen,
                    row_number() OVER (PARTITION BY host, release, judgement ORDER BY \(scope.count) DESC, id)
                        AS sample_rank
                \(scope.from)
                WINDOW whole AS (PARTITION BY host, release, judgement)
            ) AS ranked
            WHERE sample_rank = 1
            ORDER BY host, release IS NULL, release, judgement
            \(limit)
            """, binds)
        var groups: [ReportGroup] = []
        for row in rows {
            guard let host = row.column("host")?.string,
                let kind = row.column("judgement")?.string.flatMap(ReportJudgement.Kind.init(rawValue:)),
                let reason = row.column("reason")?.string.flatMap(ReportJudgement.Reason.init(rawValue:))
            else {
                throw StoreError(.notADatabase, "\(path) holds a report row PinBench did not write")
            }
            groups.append(
                ReportGroup(
                    host: host, release: row.column("release")?.string, judgement: kind,
                    occurrences: Int(row.column("occurrences")?.integer ?? 0),
                    distinct: Int(row.column("distinct_reports")?.integer ?? 0),
                    firstSeen: Date(timeIntervalSince1970: Double(row.column("first_seen")?.integer ?? 0)),
                    lastSeen: Date(timeIntervalSince1970: Double(row.column("last_seen")?.integer ?? 0)),
                    sampleReason: reason, sampleDetail: row.column("detail")?.string ?? "",
                    sampleIssuer: row.column("issuer")?.string, sampleChain: row.column("pem")?.string ?? ""))
        }
        return groups
    }

    /// The number of groups `filter` selects, whatever its limit: how many a limited listing leaves out.
    public func groupCount(_ filter: ReportFilter = ReportFilter()) async throws(StoreError) -> Int {
        let scope = Self.scope(filter)
        return try await integer(
            "SELECT CAST(count(*) AS BIGINT) FROM (SELECT DISTINCT host, release, judgement \(scope.from)) AS g",
            scope.binds)
    }

    /// Occurrences per judgement that `filter` selects (its limit aside): what `--fail-on` and `--min-count` read.
    public func totals(_ filter: ReportFilter = ReportFilter()) async throws(StoreError) -> [ReportJudgement.Kind: Int]
    {
        let scope = Self.scope(filter)
        var totals: [ReportJudgement.Kind: Int] = [:]
        for row in try await rows(
            "SELECT judgement, CAST(sum(\(scope.count)) AS BIGINT) AS n \(scope.from) GROUP BY judgement", scope.binds)
        {
            guard let kind = row.column("judgement")?.string.flatMap(ReportJudgement.Kind.init(rawValue:)) else {
                throw StoreError(.notADatabase, "\(path) holds a report row PinBench did not write")
            }
            totals[kind] = Int(row.column("n")?.integer ?? 0)
        }
        return totals
    }

    /// The rows `filter` selects (`FROM … WHERE …`) and what counts as their occurrences: the whole count, or with
    /// `since` the per-hour counts from the hour holding it on (rows with none in the window left out).
    static func scope(_ filter: ReportFilter) -> (from: String, count: String, binds: [StoreValue]) {
        var binds: [StoreValue] = []
        var from = "FROM reports"
        var count = "count"
        if let since = filter.since {
            from +=
                " JOIN (SELECT report_key, sum(count) AS n FROM report_hours WHERE hour >= ? GROUP BY report_key)"
                + " AS windowed ON windowed.report_key = reports.key"
            binds.append(.integer(seconds(since) / 3_600))
            count = "windowed.n"
        }
        if let host = filter.host {
            from += " WHERE host = ?"
            binds.append(.text(host))
        }
        return (from, count, binds)
    }

    /// What retention and the size cap have dropped so far, by cause: distinct reports and occurrences.
    public func dropped() async throws(StoreError) -> [String: (reports: Int, occurrences: Int)] {
        var counts: [String: (reports: Int, occurrences: Int)] = [:]
        for row in try await rows("SELECT cause, reports, occurrences FROM dropped") {
            guard let cause = row.column("cause")?.string else { continue }
            counts[cause] = (
                Int(row.column("reports")?.integer ?? 0), Int(row.column("occurrences")?.integer ?? 0)
            )
        }
        return counts
    }

    /// Occurrences stored in all (the sum of every row's count).
    public func totalOccurrences() async throws(StoreError) -> Int {
        try await integer("SELECT CAST(coalesce(sum(count), 0) AS BIGINT) AS total FROM reports")
    }
}
