import PinningCore

/// The chain a host serves, as each side of a manifest change judges it: with the old manifest's trust anchors and
/// with the new one's. Built from the validator's verdicts, so the diff agrees with `validate` about trust and paths.
public struct ServedEvidence: Hashable, Sendable {
    /// One side's judgement of the chain.
    public struct Judgement: Hashable, Sendable {
        public var chain: ServedChain
        /// Why default trust evaluation rejects the chain (nil: it finds a path). A pin mismatch is not counted:
        /// the diff compares pins with the chain itself.
        public var trustFailure: Verdict.Rejection?

        public init(chain: ServedChain, trustFailure: Verdict.Rejection?) {
            self.chain = chain
            self.trustFailure = trustFailure
        }

        /// The chain `presented` as the validator's `verdict` judged it.
        public init(presented: [ChainCertificate], verdict: Verdict) {
            chain = ServedChain(presented: presented, verdict: verdict)
            trustFailure = verdict.rejection == .pinMismatch ? nil : verdict.rejection
        }
    }

    /// With the old manifest's trust anchors.
    public var before: Judgement
    /// With the new manifest's trust anchors.
    public var after: Judgement

    public init(before: Judgement, after: Judgement) {
        self.before = before
        self.after = after
    }

    /// Evidence for a change that keeps the trust anchors: both sides judge the chain alike.
    public init(_ judgement: Judgement) {
        self.init(before: judgement, after: judgement)
    }
}
