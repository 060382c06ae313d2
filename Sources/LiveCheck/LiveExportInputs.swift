import ChainProbe
import ConnectionAudit
import PinningCore

/// What an export takes from the servers themselves: each domain's handshake, for `export ats --ats-exceptions`
/// (the exception keys each connection needs) and for the certificates alamofire and afnetworking bundle when no
/// chain file is given.
public struct LiveExportInputs: Sendable {
    /// Each reachable domain's handshake, by normalized host.
    public var probes: [String: ProbeResult] = [:]
    /// The domains that could not be reached (or dialled), with why, in the order they failed: warnings, since an
    /// export still carries the others.
    public var unreachable: [(host: String, failure: ProbeFailure)] = []

    /// Probes every domain of `manifest` as it says to dial it, 8 at once, each within `deadline`. Only the chain as
    /// sent is kept, so no path to an anchor is built and no system trust is loaded.
    public static func probe(_ manifest: PinManifest, deadline: Duration) async -> LiveExportInputs {
        var inputs = LiveExportInputs()
        var options = ProbeOptions(deadline: deadline, useSystemTrustStore: false)
        options.buildsAnchorPath = false
        for await outcome in ChainProber().probeDomains(manifest.domains, options: options, concurrency: 8) {
            switch outcome.result {
            case .failure(let failure): inputs.unreachable.append((outcome.domain.host, failure))
            case .success(let probe): inputs.probes[outcome.domain.normalizedHost] = probe
            }
        }
        return inputs
    }

    /// Every certificate of every live chain as sent, the domains in host order; a chain that cannot be decoded
    /// gives none.
    public var certificates: [ChainCertificate] {
        probes.sorted { $0.key < $1.key }.flatMap { (try? $0.value.sentCertificates()) ?? [] }
    }

    /// Each reachable domain's App Transport Security evaluation, by normalized host.
    public var atsEvaluations: [String: ATSEvaluation] { probes.mapValues(\.connection.ats) }
}
