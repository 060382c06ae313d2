import ArgumentParser
import BuildScan

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan", abstract: ScanHelp.abstract, discussion: ScanHelp.discussion)

    @Argument(help: "The APK or IPA files (or unpacked .app folders) to read.") var artifacts: [String]
    @Flag(help: "Print the reports as JSON.") var json = false

    func run() throws {
        let reports = try artifacts.map { path throws(ScanError) in try BuildScanner.scan(path: path) }
        Output.report(reports, json: json, lines: ScanText.lines(reports))
        if reports.contains(where: \.breaksReleaseRule) { throw ExitCode.rejected }
    }
}
