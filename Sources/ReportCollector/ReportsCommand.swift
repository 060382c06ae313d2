import ArgumentParser
import FieldReports
import Foundation
import PinningCore
import ReportStore

/// `pinbench reports`: the stored reports counted (``ReportsText``), exit 1 when a `--fail-on` judgement is present.
public struct ReportsCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "reports", abstract: ReportsHelp.abstract, discussion: ReportsHelp.discussion)

    @Option(help: "The database `pinbench collect` writes.") var db: String
    @Option(help: "Count only what arrived from the hour holding this time on (2026-11-27 or 2026-11-27T10:00:00Z).")
    var since: String?
    @Option(help: "Only this host.") var host: String?
    @Flag(help: "Print the counts as JSON.") var json = false
    @Option(help: "Exit 1 when one of these judgements is present (comma-separated: lockout,interception,...).")
    var failOn: String?
    @Option(help: "--fail-on fires only at this many reports of one judgement (identical ones counted). Default: 1.")
    var minCount: Int = 1
    @Option(help: "List at most this many groups (the count of the rest is printed). Default: 100.")
    var limit: Int = 100

    public init() {}

    public func run() async throws {
        var filter = ReportFilter()
        if let since {
            guard let date = Timestamp.parse(since) else {
                throw CollectorInputError(
                    "--since \(TerminalSafeText.quoted(since)) is not a date such as 2026-11-27 or 2026-11-27T10:00:00Z"
                )
            }
            filter.since = date
        }
        if let host { filter.host = try HostName(host).text }
        guard (1...1_000_000).contains(minCount) else {
            throw CollectorInputError("--min-count \(minCount): give 1 to 1000000 reports")
        }
        guard (1...100_000).contains(limit) else {
            throw CollectorInputError("--limit \(limit): give 1 to 100000 groups")
        }
        filter.limit = limit
        let failOn = try self.failOn.map { text throws(CollectorInputError) in try FailOn(text) }
        let database = try await ReportDatabase.open(path: db, mustExist: true)
        let groups: [ReportGroup]
        let dropped: [String: (reports: Int, occurrences: Int)]
        let all: Int
        let totals: [ReportJudgement.Kind: Int]
        do {
            groups = try await database.groups(filter)
            all = groups.count < limit ? groups.count : try await database.groupCount(filter)
            dropped = try await database.dropped()
            totals = failOn == nil ? [:] : try await database.totals(filter)
        } catch {
            await database.close()
            throw error
        }
        await database.close()
        if json {
            try ReportsText.writeJSON(groups, dropped: dropped, beyondLimit: all - groups.count) {
                FileHandle.standardOutput.write($0)
            }
        } else {
            CommandLines.print(ReportsText.lines(groups, dropped: dropped, beyondLimit: all - groups.count))
        }
        if let failOn, failOn.fails(totals: totals, minCount: minCount) { throw ExitCode(1) }
    }
}
