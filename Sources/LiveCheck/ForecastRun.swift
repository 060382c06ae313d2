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

    public init(
        settings: ForecastSettings, manifest: URL, next: PinManifest, anchors: TrustAnchors,
        chains: ForecastChains, liveDeadline: Duration?
    ) {
        self.settings = settings
        self.manifest = manifest
        self.next = next
        self.anchors = anchors
        self.chains = chains
        self.liveDeadline = liveDeadline
    }

    public func run() async throws -> ForecastReport {
        let loader = ReleaseLoader(manifest: manifest)
        let shipped = try loader.list().releases.map(loader.release)
        let candidate = Release(name: Release.candidateName(manifestFile: manifest.lastPathComponent), manifest: next)
        var chains = self.chains
        if let liveDeadline {
            (chains.served, chains.unreachable) = await LiveChains.served(
                chains.hosts, manifest: next, anchors: anchors, deadline: liveDeadline)
        }
        return await settings.report(
            shipped: shipped, candidate: candidate, chains: chains, judge: ForecastJudge(trustAnchors: anchors))
    }
}
