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
    @Option(help: "Only reports last seen at or after this time (2026-11-27 or 2026-11-27T10:00:00Z).")
    var since: String?
    @Option(help: "Only this host.") var host: String?
    @Flag(help: "Print the counts as JSON.") var json = false
    @Option(help: "Exit 1 when one of these judgements is present (comma-separated: lockout,interception,...).")
    var failOn: String?

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
        let failOn = try self.failOn.map { text throws(CollectorInputError) in try FailOn(text) }
        let database = try await ReportDatabase.open(path: db, mustExist: true)
        let groups: [ReportGroup]
        let dropped: [String: (reports: Int, occurrences: Int)]
        do {
            groups = try await database.groups(filter)
            dropped = try await database.dropped()
        } catch {
            await database.close()
            throw error
        }
        await database.close()
        if json {
            FileHandle.standardOutput.write(try ReportsText.json(ReportsText.document(groups, dropped: dropped)))
        } else {
            CommandLines.print(ReportsText.lines(groups, dropped: dropped))
        }
        if let failOn, failOn.fails(groups.map(\.judgement)) { throw ExitCode(1) }
    }
}
