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
        var targets: [ProbeTarget] = []
        var unreachable: [String] = []
        for host in hosts {
            let policy = manifest.indexOfDomain(host).map { manifest.domains[$0] }
            do {
                targets.append(
                    try ProbeTarget(host: host, port: policy?.port ?? 443, connect: policy?.connect))
            } catch {
                unreachable.append(host)
            }
        }
        // Only the core's verdicts are shown, so OpenSSL's own path to an anchor is not built.
        var options = ProbeOptions(deadline: deadline, anchors: anchors)
        options.buildsAnchorPath = false
        var chains: [String: [ChainCertificate]] = [:]
        for await outcome in ChainProber().probeAll(targets, options: options, concurrency: 16) {
            let host = targets[outcome.index].host
            guard case .success(let probe) = outcome.result, let chain = try? probe.sentCertificates() else {
                unreachable.append(host)
                continue
            }
            chains[host] = chain
        }
        return (chains, unreachable.sorted())
    }
}
