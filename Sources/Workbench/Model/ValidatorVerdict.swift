import ClientModels
import PinningCore

/// PinBench's verdict on a chain as the validator returned it, kept whole beside its summary: the clients' verdicts
/// (the Clients view, `C`) are judged from it, and only the core can make one.
///
/// Two are equal when what they decided and the certificates they decided it on are: the explanation and the
/// revocation and CT details follow from those, and the clients read none of them.
public struct ValidatorVerdict: Hashable, Sendable {
    public let verdict: Verdict
    /// What the clients' TLS stacks decided about the same chain, computed once beside the verdict.
    public let clientTrust: ClientStackTrust

    public init(_ verdict: Verdict, clientTrust: ClientStackTrust) {
        self.verdict = verdict
        self.clientTrust = clientTrust
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        let (a, b) = (lhs.verdict, rhs.verdict)
        return a.host == b.host && a.outcome == b.outcome && a.rejection == b.rejection && a.policy == b.policy
            && a.matchedPin == b.matchedPin && a.certificates == b.certificates && a.statement == b.statement
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(verdict.host)
        hasher.combine(verdict.outcome)
        hasher.combine(verdict.certificates)
    }
}
