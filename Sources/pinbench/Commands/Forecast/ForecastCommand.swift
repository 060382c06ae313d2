import ArgumentParser
import CACatalog
import Foundation
import LiveCheck
import ManifestEditing
import ManifestFiles
import ManifestLint
import PinForecast
import PinningCore

/// `pinbench forecast`: which installed app versions each certificate still to come would lock out, and when.
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Forecast which shipped releases the certificates to come would lock out, and from when.",
        discussion: ForecastHelp.discussion
    )

    @Argument(help: "The domains to forecast (default: every domain of the manifest and of --served/--planned).")
    var domains: [String] = []

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var trust: TrustOptions
    @OptionGroup var servedOptions: ServedOptions
    @OptionGroup var time: TimeOptions

    @Option(
        name: .customLong("planned"),
        help: ArgumentHelp("HOST=FILE: a chain you intend to deploy for a host.", valueName: "host=file"))
    var planned: [String] = []

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Walk the dates ahead up to this day (default: one year after --at).", valueName: "date"))
    var until: String?

    @Option(
        name: .customLong("lead-time"), parsing: .unconditional,
        help: ArgumentHelp("Days before an expiry a release must ship by (0 to 3650)."))
    var leadTime: Int = 90

    @Option(help: ArgumentHelp("Also gate on these scenarios (comma-separated).", valueName: "scenario,..."))
    var gate: String?

    @Option(
        name: .customLong("max-lockout"), parsing: .unconditional,
        help: ArgumentHelp("The share of installs (percent) a gated scenario may lock out.", valueName: "pct"))
    var maxLockout: Double = 0

    @Flag(help: "Fetch the chain each domain serves now, as `check` does, for the current scenario.")
    var live = false

    @OptionGroup var probeSettings: ProbeSettings

    @Flag(help: "Print the whole forecast as JSON, written as it is judged.")
    var json = false
    @Option(name: .customLong("served-list"), help: "A file of HOST=FILE lines, each read as --served.")
    var servedList: String?
    @Option(help: ArgumentHelp("Show this domain in full in the text (repeatable).", valueName: "host"))
    var domain: [String] = []
    @Option(help: ArgumentHelp("Judge only this shipped release (repeatable).", valueName: "name"))
    var release: [String] = []
    @Flag(help: "Add each domain's renewal calendar.") var calendar = false
    @Option(help: ArgumentHelp(ForecastHelp.ics, valueName: "file")) var ics: String?
    @Option(name: .customLong("ca-catalog"), help: "A folder of more CAs (docs/ca-catalog.md).") var caCatalog: String?
    func validate() throws {
        let served = !servedOptions.served.isEmpty || servedList != nil
        if live && served { throw ValidationError("give either --served or --live, not both.") }
        try OptionRange.check(leadTime, 0...3_650, option: "--lead-time", unit: "days")
        try OptionRange.check(maxLockout, 0...100, option: "--max-lockout", unit: "percent")
    }

    func run() async throws {
        var settings = try ForecastSettings(
            at: try time.date(), until: until, leadTime: leadTime, gate: gate, planned: !planned.isEmpty,
            maxLockout: maxLockout)
        let document = try manifestOptions.loadForReading()
        let chainFiles = ServedList.files(served: servedOptions.served + planned, list: servedList).map {
            InputFile($0, what: $0 == servedList ? "served list" : "chain file")
        }
        let inputs = CommandInputs.manifestAndTrust(document, trust: trust) + chainFiles
        let icsFile = try ics.map { file in
            try notWritten { () throws(OutputFileError) in try OutputTarget.check(file, inputs: inputs) }
        }
        if calendar || ics != nil {
            let folder = document.url.deletingLastPathComponent()
            settings.calendarCatalog =
                try caCatalog.map { try CACatalog.builtIn(adding: $0) }
                ?? CACatalog.forManifest(caCatalog: document.manifest.caCatalog, manifestFolder: folder).get()
        }
        let anchors = try trust.anchors(for: document)
        let served = try ServedList.entries(served: servedOptions.served, list: servedList)
        let plannedChains = try ServedChainFiles.read(planned, option: "--planned")
        let chains = try ForecastChains(
            given: try domains.map { try HostArgument.parse($0).text }, manifest: document.manifest, served: served,
            planned: plannedChains)
        let run = ForecastRun(
            settings: settings, manifest: manifestOptions.url, next: document.manifest, anchors: anchors,
            chains: chains, liveDeadline: live ? probeSettings.deadline : nil, releaseNames: release)
        let text = ForecastTextStream(domains: try domain.map { try HostArgument.parse($0).text }, write: Output.lines)
        let stream = ForecastJSONStream { FileHandle.standardOutput.write($0) }
        let gate = try await json ? judge(run, stream, ics: icsFile) : judge(run, text, ics: icsFile)
        if !gate.passed { throw ExitCode.rejected }
    }

    /// The forecast into `sink`, and the calendar's dates into the iCalendar file `ics` when given.
    private func judge<Sink: ForecastSink>(
        _ run: ForecastRun, _ sink: Sink, ics: OutputTarget?
    ) async throws
        -> ForecastGate
    {
        var sink = CalendarICSSink(sink, leadTimeDays: leadTime, collects: ics != nil)
        let gate = try await run.run(into: &sink)
        if let ics {
            let text = Data(sink.ics.text(stamp: Date()).utf8)
            try notWritten { () throws(OutputFileError) in try OutputFileWriter.write(text, to: ics, replacing: true) }
        }
        return gate
    }

    private func notWritten<Value>(_ body: () throws(OutputFileError) -> Value) throws -> Value {
        do { return try body() } catch { throw CLIFailure("--ics not written: " + error.reason) }
    }
}
