import ChainProbe
import Foundation
import PinningCore

/// `forecast --live`: the chain each domain serves now, fetched through the probe `check` and `diff --live` use,
/// each connection within `--timeout`.
enum ForecastLive {
    /// The chains `hosts` serve, by host, dialled as the manifest says (port, connect address); hosts that could not
    /// be reached (or whose settings cannot be dialled) are returned apart, sorted.
    static func chains(
        _ hosts: [String], manifest: PinManifest, anchors: TrustAnchors, deadline: Duration
    ) async -> (chains: [String: [ChainCertificate]], unreachable: [String]) {
        let domains = hosts.map { host in
            var domain = manifest.indexOfDomain(host).map { manifest.domains[$0] } ?? DomainPolicy(host: host)
            domain.host = host
            return domain
        }
        var unreachable: [String] = []
        // Only the core's verdicts are shown, so OpenSSL's own path to an anchor is not built.
        var options = ProbeOptions(deadline: deadline, anchors: anchors)
        options.buildsAnchorPath = false
        var chains: [String: [ChainCertificate]] = [:]
        for await outcome in ChainProber().probeDomains(domains, options: options, concurrency: 16) {
            let host = outcome.domain.host
            guard case .success(let probe) = outcome.result, let chain = try? probe.sentCertificates() else {
                unreachable.append(host)
                continue
            }
            chains[host] = chain
        }
        return (chains, unreachable.sorted())
    }
}
