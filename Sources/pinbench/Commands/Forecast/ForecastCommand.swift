import ArgumentParser
import Foundation
import LiveCheck
import ManifestLint
import PinForecast
import PinningCore

/// `pinbench forecast`: which installed app versions each certificate still to come would lock out, and when.
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Forecast which shipped releases the certificates to come would lock out, and from when.",
        discussion: """
            The releases are those of `pinbench release list` (\(ReleaseList.fileName) beside the manifest), plus \
            the working manifest as the candidate next release. For each pinned domain (or each DOMAIN given) \
            every release is judged under each scenario:
              current            the chain the server serves today (--served HOST=FILE, or --live)
              planned            a chain you intend to deploy (--planned HOST=FILE)
              renewal-same-key   today's leaf re-issued by the same CA, same key
              renewal-new-key    re-issued with a new key (what ACME clients do by default)
              issuer-rotation    today's leaf key under a sibling of its issuing intermediate (the CAs above stay)
              ca-switch          today's leaf key certified by an unrelated CA
              root-only          a new leaf key under a new intermediate: only the root stays
            Real chains (current, planned) go through the whole validator, as `pinbench validate`; the others are \
            made from today's verified path and judged by the same pin rule, trust assumed.

            A cell reads: accepted; LOCKED OUT (an enforced release matches nothing: its users cannot connect \
            until they update); lapsed (the release's pins expired: default trust only); report-only; not pinned; \
            refused (the chain itself fails, before pins). Below the matrix: the share of installs each scenario \
            locks out, the first date a lockout becomes unavoidable (a certificate of today's path expires and \
            every way to replace it locks some release out), the dates ahead (--until, default one year after \
            --at), and advice: which pin the next release must carry so that a scenario is safe, and the day it \
            must ship by (the expiry that forces the scenario less --lead-time days). Over \
            \(ForecastTextStream.fullDomainLimit) domains the text is a summary: cells per outcome, the domains and \
            releases that break (the first few named); --domain HOST shows one in full, --release NAME judges only \
            the releases named, --json streams every cell.

            Deploy gate: exit 1 when the planned chain, or a scenario named with --gate, locks out more than \
            --max-lockout percent (default 0) of installs, or any shipped release that states no share. Exit 2 \
            for bad input.

            Examples:
              pinbench forecast --served api.example.com=served.pem
              pinbench forecast --served api.example.com=served.pem --planned api.example.com=new.pem
              pinbench forecast --served api.example.com=served.pem --gate renewal-new-key --max-lockout 5
              pinbench forecast --served api.example.com=served.pem --json > forecast.json
              pinbench forecast --live --gate renewal-new-key     # in CI, from what the servers serve now
            """
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
    func validate() throws {
        let served = !servedOptions.served.isEmpty || servedList != nil
        if live && served { throw ValidationError("give either --served or --live, not both.") }
        try OptionRange.check(leadTime, 0...3_650, option: "--lead-time", unit: "days")
        try OptionRange.check(maxLockout, 0...100, option: "--max-lockout", unit: "percent")
    }

    func run() async throws {
        let settings = try ForecastSettings(
            at: try time.date(), until: until, leadTime: leadTime, gate: gate, planned: !planned.isEmpty,
            maxLockout: maxLockout)
        let document = try manifestOptions.loadForReading()
        let anchors = try trust.anchors(for: document)
        let served = try ServedList.entries(served: servedOptions.served, list: servedList)
        let plannedChains = try ServedChainFiles.read(planned, option: "--planned")
        let chains = try ForecastChains(
            given: try domains.map { try HostArgument.parse($0).text }, manifest: document.manifest, served: served,
            planned: plannedChains)
        let run = ForecastRun(
            settings: settings, manifest: manifestOptions.url, next: document.manifest, anchors: anchors,
            chains: chains, liveDeadline: live ? probeSettings.deadline : nil, releaseNames: release)
        var text = ForecastTextStream(domains: try domain.map { try HostArgument.parse($0).text }, write: Output.lines)
        var stream = ForecastJSONStream { FileHandle.standardOutput.write($0) }
        let gate = try await json ? run.run(into: &stream) : run.run(into: &text)
        if !gate.passed { throw ExitCode.rejected }
    }
}
