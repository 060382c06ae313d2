import ArgumentParser
import BuildScan
import ManifestFiles
import ManifestLint

/// `pinbench drift ARTIFACT`: the build's pins against the manifest's; exit 1 on drift.
struct DriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift", abstract: DriftHelp.abstract, discussion: DriftHelp.discussion)

    @Argument(help: "The APK or IPA (or unpacked .app folder) to compare.") var artifact: String
    @OptionGroup var manifestOptions: ManifestOptions
    @Flag(help: "Print the differences as JSON.") var json = false

    func run() throws {
        let scan = try BuildScanner.scan(path: artifact), build = BuildPolicy(scan)
        let drift = BuildDrift.compare(
            manifest: try ManifestStore.load(manifestOptions.url).manifest, build: build.manifest,
            unplaced: build.unplaced.map { ($0.pin, $0.places) }, alsoChecked: build.alsoChecked)
        let report = DriftReport(
            artifact: artifact, manifest: manifestOptions.url.path, version: scan.app.versionName, drift: drift)
        Output.report(report, json: json, lines: report.textLines)
        if drift.drifted { throw ExitCode.rejected }
    }
}
