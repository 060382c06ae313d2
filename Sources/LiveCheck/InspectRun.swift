import ChainProbe
import ClientModels
import Foundation
import PinningCore

/// `inspect` as one use case: one connection to a server, the core's verdict on the chain it sent and, when clients
/// are named, each client's. Connecting and judging are two steps, so that a caller can show the chain as sent
/// without judging it.
public struct InspectRun: Sendable {
    public let target: ProbeTarget
    public let validator: PinValidator
    /// The connection's options; their deadline also bounds the judging (revocation included).
    public let options: ProbeOptions
    public let revocation: RevocationMode
    public let transparency: CTRequirement?
    /// The clients to judge as, or nil for none.
    public let clients: [PinClient]?

    public init(
        target: ProbeTarget, validator: PinValidator, options: ProbeOptions, revocation: RevocationMode,
        transparency: CTRequirement?, clients: [PinClient]?
    ) {
        self.target = target
        self.validator = validator
        self.options = options
        self.revocation = revocation
        self.transparency = transparency
        self.clients = clients
    }

    /// The handshake, or why there was none.
    public func connect() async -> Result<ProbeResult, ProbeFailure> {
        await ChainProber().probe(target, options: options)
    }

    /// The verdicts on one handshake.
    public struct Judged: Sendable {
        public let inspection: LiveInspection
        /// Each client's verdict, in the order asked; nil when no client was named.
        public let clients: [ClientVerdict]?
    }

    /// Judges `probe` at `time` (``LiveInspection/judge(_:validator:at:revocation:transparency:deadline:)``);
    /// throws when the server sent bytes that are not X.509 at all.
    public func judge(_ probe: ProbeResult, at time: Date = Date()) async throws -> Judged {
        let inspection = try await LiveInspection.judge(
            probe, validator: validator, at: time, revocation: revocation, transparency: transparency,
            deadline: options.deadline)
        guard let clients else { return Judged(inspection: inspection, clients: nil) }
        let verdicts = await ClientJudge.judgeAll(
            clients, host: target.host, manifest: validator.manifest, verdict: inspection.verdict,
            chain: inspection.sent, validator: validator, at: inspection.time)
        return Judged(inspection: inspection, clients: verdicts)
    }
}
