import ArgumentParser
import Foundation
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
            must ship by (the expiry that forces the scenario less --lead-time days).

            Deploy gate: exit 1 when the planned chain, or a scenario named with --gate, locks out more than \
            --max-lockout percent (default 0) of installs, or any shipped release that states no share. Exit 2 \
            for bad input.

            Examples:
              pinbench forecast --served api.example.com=served.pem
              pinbench forecast api.example.com --served api.example.com=served.pem --until 2028-01-01
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

    @Flag(help: "Print the whole forecast as JSON.")
    var json = false

    func validate() throws {
        if live && !servedOptions.served.isEmpty { throw ValidationError("give either --served or --live, not both.") }
        try OptionRange.check(leadTime, 0...3_650, option: "--lead-time", unit: "days")
        try OptionRange.check(maxLockout, 0...100, option: "--max-lockout", unit: "percent")
    }

    func run() async throws {
        let settings = try ForecastSettings(
            at: try time.date(), until: until, leadTime: leadTime, gate: gate, planned: !planned.isEmpty,
            maxLockout: maxLockout)
        let document = try manifestOptions.loadForReading()
        let loader = ReleaseLoader(manifest: manifestOptions.url)
        let shipped = try loader.list().releases.map(loader.release)
        let name = manifestOptions.manifest.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "pins.json"
        let releases = shipped + [Release(name: Release.candidateName(manifestFile: name), manifest: document.manifest)]
        let anchors = try trust.anchors(for: document)
        let chains = try await chains(document.manifest, anchors: anchors)
        let judge = ForecastJudge(trustAnchors: anchors)
        let book = ReleaseBook(releases)
        let candidates = PolicyLookup(document.manifest)

        var outlooks: [DomainOutlook] = []
        var gateResult = ForecastGate(scenarios: settings.gated, maximum: maxLockout)
        for host in chains.hosts {
            let forecast = await judge.forecast(
                host: host, book: book, current: chains.served[host], planned: chains.planned[host], at: settings.at)
            gateResult.judge(forecast, shipped: shipped.count)
            outlooks.append(
                settings.outlook(forecast, book: book, shipped: shipped.count, candidate: candidates.policy(for: host)))
        }
        let report = ForecastReport(
            at: settings.at, until: settings.until, leadTimeDays: leadTime, shippedReleases: shipped.count,
            domains: outlooks, unreachable: chains.unreachable, gate: gateResult)
        if json {
            Output.json(report)
        } else {
            Output.lines(ForecastText.lines(report))
        }
        if !gateResult.passed { throw ExitCode.rejected }
    }

    /// The hosts to forecast with their served (given, or fetched with `--live`) and planned chains.
    private func chains(
        _ manifest: PinManifest, anchors: TrustAnchors
    ) async throws -> (
        hosts: [String], served: [String: [ChainCertificate]], planned: [String: [ChainCertificate]],
        unreachable: [String]
    ) {
        var served = try Self.byHost(servedOptions.entries())
        let plannedChains = try Self.byHost(ServedOptions.entries(planned, option: "--planned"))
        let hosts = try hosts(manifest, served: served.keys, planned: plannedChains.keys)
        // The gate judges every planned chain: one for a host left out of the forecast would pass unjudged.
        let forecast = Set(hosts)
        if let host = plannedChains.keys.sorted().first(where: { !forecast.contains($0) }) {
            throw CLIFailure(
                "--planned names \(host), which is not among the domains forecast (\(hosts.joined(separator: ", "))): "
                    + "its chain would not be judged; add \(host) to the DOMAIN arguments or leave out its --planned")
        }
        var unreachable: [String] = []
        if live {
            (served, unreachable) = await ForecastLive.chains(
                hosts, manifest: manifest, anchors: anchors, deadline: probeSettings.deadline)
        }
        return (hosts, served, plannedChains, unreachable)
    }

    /// Chains by host (the entries refuse a host given twice).
    private static func byHost(
        _ entries: [(host: String, chain: [ChainCertificate])]
    ) -> [String: [ChainCertificate]] {
        Dictionary(entries.map { ($0.host, $0.chain) }, uniquingKeysWith: { first, _ in first })
    }

    /// The domains given, or every domain of the manifest and of the chains given, in that order, once each.
    private func hosts(
        _ manifest: PinManifest, served: Dictionary<String, [ChainCertificate]>.Keys,
        planned: Dictionary<String, [ChainCertificate]>.Keys
    ) throws -> [String] {
        if !domains.isEmpty { return try domains.map { try HostArgument.parse($0).text } }
        var seen: Set<String> = []
        let all = manifest.domains.map(\.host) + served.sorted() + planned.sorted()
        return all.filter { seen.insert($0).inserted }
    }
}

/// The forecast's parsed settings: one plain value, made once from the options.
struct ForecastSettings {
    let at: Date
    let until: Date
    let leadTime: Int
    let gated: [Scenario]

    init(at: Date, until text: String?, leadTime: Int, gate: String?, planned: Bool, maxLockout: Double) throws {
        self.at = at
        self.leadTime = leadTime
        if let text {
            guard let date = Timestamp.parse(text) else {
                throw CLIFailure(
                    "--until \(text) is not a date from the year 1600 to 9999, such as 2028-01-01 or 2028-01-01T00:00:00Z"
                )
            }
            guard date > at else { throw CLIFailure("--until \(text) is not after --at") }
            until = date
        } else {
            until = at.addingTimeInterval(365 * 86_400)
        }
        var gated: [Scenario] = planned ? [.planned] : []
        for word in (gate ?? "").split(separator: ",", omittingEmptySubsequences: false) where gate != nil {
            let word = word.trimmingCharacters(in: .whitespaces)
            guard let scenario = Scenario(rawValue: word) else {
                throw CLIFailure(
                    "--gate \(word) is not a scenario; give any of "
                        + Scenario.allCases.map(\.rawValue).joined(separator: ", "))
            }
            // A gated scenario that cannot be judged fails closed: `planned` needs a planned chain.
            if scenario == .planned && !planned {
                throw CLIFailure("--gate planned needs the chain you intend to deploy: give --planned HOST=FILE")
            }
            if !gated.contains(scenario) { gated.append(scenario) }
        }
        self.gated = gated
    }

    /// `forecast` with its dates ahead and the advice for `candidate` (the next release's pins for the domain).
    func outlook(
        _ forecast: DomainForecast, book: ReleaseBook, shipped: Int, candidate: DomainPolicy?
    ) -> DomainOutlook {
        guard let today = forecast.today else {
            let note =
                forecast.todayRefusalText
                ?? "no chain served today (give --served HOST=FILE or --live): only a planned chain can be judged"
            return DomainOutlook(forecast: forecast, shipped: shipped, events: [], advice: [], note: note)
        }
        return DomainOutlook(
            forecast: forecast, shipped: shipped,
            events: ForecastEvent.events(host: forecast.host, book: book, today: today, from: at, until: until),
            advice: ForecastAdvice.advise(candidate: candidate, today: today, at: at, leadTimeDays: leadTime),
            note: nil)
    }
}
