import ArgumentParser
import CACatalog
import Foundation
import PinningCore

struct CACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca", abstract: CatalogHelp.abstract, discussion: CatalogHelp.discussion)

    @Argument(help: "A CA's id (letsencrypt). Without one: every CA of the catalog.") var id: String?
    @Option(name: .customLong("ca-catalog"), help: "A folder of more CAs, a sub-folder each (docs/ca-catalog.md).")
    var catalogFolder: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The day shown (default: today).", valueName: "YYYY-MM-DD"))
    var date: String?
    @Option(help: .init(CatalogHelp.host, valueName: "host")) var host: String?
    @Option(help: .init(CatalogHelp.served, valueName: "file")) var served: String?
    @OptionGroup var manifestOptions: ManifestOptions
    @Flag(help: "Print JSON instead of text.") var json = false

    func validate() throws {
        if let problem = CatalogHelp.conflict(id: id, host: host, served: served) { throw ValidationError(problem) }
    }

    func run() throws {
        guard let day = date.map({ CalendarDay($0)?.startDate }) ?? Date() else {
            throw CLIFailure("--date \(date ?? "") is not a day of the form YYYY-MM-DD from the year 1600 to 9999")
        }
        if let host {
            let document = try manifestOptions.loadForReading()
            let plan = try IssuancePlan.of(
                HostArgument.parse(host).text, in: document.manifest, at: document.url, catalogFolder: catalogFolder,
                served: served.map(ChainFile.read), on: day)
            return Output.report(plan, json: json, lines: plan.lines)
        }
        let catalog = try CACatalog.builtIn(adding: catalogFolder)
        guard let id else {
            let summary = CatalogSummary(catalog, on: day)
            return Output.report(summary, json: json, lines: summary.lines)
        }
        let report = CatalogReport(try catalog.authority(named: id), on: day)
        Output.report(report, json: json, lines: report.lines)
    }
}
