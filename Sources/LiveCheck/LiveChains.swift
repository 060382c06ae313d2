import ChainProbe
import Foundation
import ManifestLint
import PinningCore

/// The chains domains serve now, for `forecast --live` and `diff --live`: fetched through the probe `check` uses,
/// each connection within the deadline, so that every command that reads "what is served" reads it one way.
public enum LiveChains {
    /// The chains `hosts` serve, by host, dialled as the manifest says (port, connect address); hosts that could not
    /// be reached (or whose settings cannot be dialled) are returned apart, sorted.
    public static func served(
        _ hosts: [String], manifest: PinManifest, anchors: TrustAnchors, deadline: Duration
    ) async -> (chains: [String: [ChainCertificate]], unreachable: [String]) {
        let domains = hosts.map { host in
            var domain = manifest.indexOfDomain(host).map { manifest.domains[$0] } ?? DomainPolicy(host: host)
            domain.host = host
            return domain
        }
        var chains: [String: [ChainCertificate]] = [:]
        let unreachable = await probe(domains, anchors: anchors, deadline: deadline) { domain, chain, _ in
            chains[domain.host] = chain
        }
        return (chains, unreachable)
    }

    /// The chains of the enforced domains `diff` could lock out (those added or changed; every one when the trust
    /// anchors changed), fetched live and judged by both sides; hosts that could not be reached are returned apart,
    /// sorted.
    public static func diffEvidence(
        _ diff: ManifestDiff, _ manifest: PinManifest, judge: ServedJudge, at now: Date, deadline: Duration
    ) async -> (served: [String: ServedEvidence], unreachable: [String]) {
        let anchorsChanged = !diff.trustAnchorsAdded.isEmpty || !diff.trustAnchorsRemoved.isEmpty
        let domains = anchorsChanged ? manifest.domains : diff.domains.compactMap(\.new)
        var served: [String: ServedEvidence] = [:]
        // Every mode: a chain that fails default trust locks a report-only domain out too.
        let unreachable = await probe(domains, anchors: judge.anchorsAfter, deadline: deadline) {
            domain, chain, probe in
            served[domain.normalizedHost] = await judge.evidence(
                host: domain.host, chain: chain, at: now, limits: probe.judgingLimits())
        }
        return (served, unreachable)
    }

    /// Probes `domains` and hands each chain sent to `each`; returns the hosts that gave none, sorted.
    private static func probe(
        _ domains: [DomainPolicy], anchors: TrustAnchors, deadline: Duration,
        each: (DomainPolicy, [ChainCertificate], ProbeResult) async -> Void
    ) async -> [String] {
        var unreachable: [String] = []
        // Only the core's verdicts are shown, so OpenSSL's own path to an anchor is not built.
        var options = ProbeOptions(deadline: deadline, anchors: anchors)
        options.buildsAnchorPath = false
        for await outcome in ChainProber().probeDomains(domains, options: options, concurrency: 16) {
            guard case .success(let probe) = outcome.result, let chain = try? probe.sentCertificates() else {
                unreachable.append(outcome.domain.host)
                continue
            }
            await each(outcome.domain, chain, probe)
        }
        return unreachable.sorted()
    }
}
