import Foundation
import PinningCore

/// Judges a served chain for `pinbench diff` as each side's app would: with the old manifest and its trust anchors,
/// and with the new one and its own, through the validator (``ServedEvidence``).
public struct ServedJudge: Sendable {
    public let before: PinValidator
    public let after: PinValidator
    /// The new side's anchors: live probes build against them.
    public var anchorsAfter: TrustAnchors { after.trustAnchors }

    public init(before: PinValidator, after: PinValidator) {
        self.before = before
        self.after = after
    }

    /// `chain` (as `host` serves it) judged by both sides at `time`, within `limits`.
    public func evidence(
        host: String, chain: [ChainCertificate], at time: Date, limits: PathBuildingLimits = PathBuildingLimits()
    ) async -> ServedEvidence {
        let old = await before.validate(host: host, chain: chain, at: time, limits: limits)
        let new = await after.validate(host: host, chain: chain, at: time, limits: limits)
        return ServedEvidence(
            before: ServedEvidence.Judgement(presented: chain, verdict: old),
            after: ServedEvidence.Judgement(presented: chain, verdict: new))
    }
}
