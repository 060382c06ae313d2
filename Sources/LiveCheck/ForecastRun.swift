import Foundation
import PinForecast
import PinningCore
import ReleaseHistory

/// `forecast`'s work: the releases listed beside the manifest and the working manifest as the next release, judged
/// for every host under every scenario, today's chains as given or fetched live.
public struct ForecastRun: Sendable {
    public var settings: ForecastSettings
    /// The manifest file: its releases are listed beside it, and the candidate next release is named after it.
    public var manifest: URL
    /// The working manifest: the candidate next release.
    public var next: PinManifest
    public var anchors: TrustAnchors
    public var chains: ForecastChains
    /// Set when today's chains are fetched live (`--live`), each connection within it.
    public var liveDeadline: Duration?

    /// The shipped releases judged: those named (`--release`), or every release of the releases file when empty.
    public var releaseNames: [String]

    public init(
        settings: ForecastSettings, manifest: URL, next: PinManifest, anchors: TrustAnchors,
        chains: ForecastChains, liveDeadline: Duration?, releaseNames: [String] = []
    ) {
        self.settings = settings
        self.manifest = manifest
        self.next = next
        self.anchors = anchors
        self.chains = chains
        self.liveDeadline = liveDeadline
        self.releaseNames = releaseNames
    }

    /// The forecast handed to `sink` a domain at a time. Each release is read, judged for every host and let go
    /// before the next is read (``FleetForecast``), so a fleet of releases is never held in memory at once. Returns
    /// the deploy gate's judgement.
    @discardableResult
    public func run<Sink: ForecastSink>(into sink: inout Sink) async throws -> ForecastGate {
        let loader = ReleaseLoader(manifest: manifest)
        let entries = try loader.entries(named: releaseNames)
        var chains = self.chains
        if let liveDeadline {
            (chains.served, chains.unreachable) = await LiveChains.served(
                chains.hosts, manifest: next, anchors: anchors, deadline: liveDeadline)
        }
        var fleet = await FleetForecast(chains: chains, judge: ForecastJudge(trustAnchors: anchors), at: settings.at)
        // The next release is read (the strict reader, on its own task) while this one is judged: two manifests at
        // most are held at once, and each is let go once judged. Errors still come in the releases' order.
        var upcoming = entries.first.map { entry in Task { try loader.release(entry) } }
        for index in entries.indices {
            guard let reading = upcoming else { break }
            let release = try await reading.value
            upcoming = nil
            if index + 1 < entries.count {
                let entry = entries[index + 1]
                upcoming = Task { try loader.release(entry) }
            }
            fleet.add(release)
        }
        fleet.add(Release(name: Release.candidateName(manifestFile: manifest.lastPathComponent), manifest: next))
        return try settings.stream(
            fleet, candidate: next, unreachable: chains.unreachable, served: chains.served, into: &sink)
    }

    /// The whole forecast as one value, for forecasts small enough to hold (the workbench, tests).
    public func run() async throws -> ForecastReport {
        var collector = ForecastCollector()
        try await run(into: &collector)
        guard let report = collector.report else { preconditionFailure("a stream always ends") }
        return report
    }
}
