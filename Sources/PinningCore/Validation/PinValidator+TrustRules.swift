import Foundation
import X509

extension PinValidator {
    /// Default trust alone for `chain` (the parsed certificates as sent, leaf first) under another TLS stack's
    /// `rules`: the validator's anchors and public suffixes, no pins, revocation or CT. How a client model
    /// (ClientModels) learns what its stack decides where its rules differ from PinBench's platform profile.
    public func evaluateTrust(
        host: String, chain: [Certificate], at time: Date, rules: TrustRules,
        limits: PathBuildingLimits = PathBuildingLimits()
    ) async -> TrustEvaluation {
        guard !chain.isEmpty else { return .failed(.emptyChain, reasons: [Verdict.Rejection.emptyChain.sentence]) }
        return await TrustEvaluator(anchors: trustAnchors, limits: limits, publicSuffixes: publicSuffixes, rules: rules)
            .evaluate(host: host, chain: chain, at: time)
    }
}

extension TrustRules {
    /// Why these rules refuse `path` (leaf to anchor), which default trust already verified, or nil when they accept
    /// it. Stacks differ only in the usage, CA-leaf and name rules, so these are checked without building a path
    /// again.
    public func refusal(
        ofVerifiedPath path: [Certificate], host: String, publicSuffixes: PublicSuffixList?
    ) -> Verdict.Rejection? {
        guard !path.isEmpty else { return .emptyChain }
        if ServerAuthUsagePolicy.firstFailure(in: path, rule: serverAuth) != nil { return .wrongKeyUsage }
        if let violation = ChainRules.firstViolation(in: path, rules: self) { return violation.rejection }
        if ServerNameMatcher(host: host, publicSuffixes: publicSuffixes, rules: self).judge(path[0]) != .matches {
            return .hostnameMismatch
        }
        return nil
    }
}
