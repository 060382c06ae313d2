import FieldReports
import Foundation
import SQLiteNIO

/// Which stored reports `pinbench reports` counts.
public struct ReportFilter: Hashable, Sendable {
    /// Only reports last seen at or after this time.
    public var since: Date?
    /// Only this host.
    public var host: String?

    public init(since: Date? = nil, host: String? = nil) {
        self.since = since
        self.host = host
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
        var conditions: [String] = []
        var binds: [SQLiteData] = []
        if let since = filter.since {
            conditions.append("last_seen >= ?")
            binds.append(.integer(Self.seconds(since)))
        }
        if let host = filter.host {
            conditions.append("host = ?")
            binds.append(.text(host))
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        // SQLite takes the bare columns of a max() aggregate from the row holding the maximum: the sample.
        let rows = try await run(
            """
            SELECT host, release, judgement, sum(count) AS occurrences, count(*) AS distinct_reports,
                min(first_seen) AS first_seen, max(last_seen) AS last_seen, max(count) AS top, reason, detail, issuer,
                (SELECT pem FROM chains WHERE chains.digest = reports.chain) AS pem
            FROM reports \(whereClause)
            GROUP BY host, release, judgement
            ORDER BY host, release IS NULL, release, judgement
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

    /// What retention and the size cap have dropped so far, by cause: distinct reports and occurrences.
    public func dropped() async throws(StoreError) -> [String: (reports: Int, occurrences: Int)] {
        var counts: [String: (reports: Int, occurrences: Int)] = [:]
        for row in try await run("SELECT cause, reports, occurrences FROM dropped") {
            guard let cause = row.column("cause")?.string else { continue }
            counts[cause] = (
                Int(row.column("reports")?.integer ?? 0), Int(row.column("occurrences")?.integer ?? 0)
            )
        }
        return counts
    }

    /// Occurrences stored in all (the sum of every row's count).
    public func totalOccurrences() async throws(StoreError) -> Int {
        Int(try await run("SELECT coalesce(sum(count), 0) AS total FROM reports").first?.column("total")?.integer ?? 0)
    }
}
