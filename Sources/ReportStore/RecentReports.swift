import FieldReports
import Foundation

/// One stored report as the workbench lists it: the latest of a host, with its chain as stored.
public struct RecentReport: Hashable, Sendable {
    public let summary: ReportSummary
    /// PEM blocks, `unreadable: …` for a chain that was not certificates, or empty for none (as the `chains` table
    /// keeps it).
    public let chain: String
}

extension ReportDatabase {
    /// The `limit` reports of `host` seen last, newest first, each with its chain: what the workbench's Reports view
    /// lists. Bounded by `limit` (at most 1,000), whatever the database holds; either backend.
    public func recentReports(host: String, limit: Int) async throws(StoreError) -> [RecentReport] {
        let rows = try await rows(
            """
            SELECT id, judgement, reason, release, app_version, app_platform, count, last_seen, detail,
                (SELECT pem FROM chains WHERE chains.digest = reports.chain) AS pem
            FROM reports WHERE host = ? ORDER BY last_seen DESC, id DESC LIMIT ?
            """, [.text(host), .integer(Int64(max(0, min(limit, 1_000))))])
        var reports: [RecentReport] = []
        for row in rows {
            guard let id = row.column("id")?.integer,
                let kind = row.column("judgement")?.string.flatMap(ReportJudgement.Kind.init(rawValue:)),
                let reason = row.column("reason")?.string.flatMap(ReportJudgement.Reason.init(rawValue:))
            else {
                throw StoreError(.notADatabase, "\(path) holds a report row PinBench did not write")
            }
            let summary = ReportSummary(
                id: Int64(id), judgement: kind, reason: reason, release: row.column("release")?.string,
                appVersion: row.column("app_version")?.string, platform: row.column("app_platform")?.string,
                count: Int(row.column("count")?.integer ?? 0),
                lastSeen: Date(timeIntervalSince1970: Double(row.column("last_seen")?.integer ?? 0)),
                detail: row.column("detail")?.string ?? "")
            reports.append(RecentReport(summary: summary, chain: row.column("pem")?.string ?? ""))
        }
        return reports
    }
}
