import ClientModels
import PinningCore

/// The part of a core ``Verdict`` the workbench shows, plus the chain levels it implies.
///
/// A separate value so the workbench's state stays comparable and tests can state verdicts directly.
public struct VerdictSummary: Hashable, Sendable {
    public var outcome: Verdict.Outcome
    public var rejection: Verdict.Rejection?
    /// The core's sentence without the host (the pane's heading names it): ``Verdict/statement``.
    public var statement: String
    public var explanation: [String]
    /// The level of the pin that matched, if one did.
    public var matchedLevel: Int?
    /// The verified path (leaf to anchor), then sent certificates outside it.
    public var levels: [ChainLevel]
    /// The OCSP outcome, when the verdict judged it (a live chain), and the CT outcome (not checked without a log
    /// list): shown in the connection's summary line and beside the handshake's facts in the Connection section.
    public var revocation: RevocationCheck?
    public var transparency: CTVerdict = .notChecked(.noLogList)
    /// The validator's verdict itself, when this summary was made from one: what the clients are judged from.
    public var validated: ValidatorVerdict?

    public init(
        outcome: Verdict.Outcome, rejection: Verdict.Rejection? = nil, statement: String, explanation: [String] = [],
        matchedLevel: Int? = nil, levels: [ChainLevel] = []
    ) {
        self.outcome = outcome
        self.rejection = rejection
        self.statement = statement
        self.explanation = explanation
        self.matchedLevel = matchedLevel
        self.levels = levels
    }

    /// Summarises `verdict` for a chain whose sent certificates are `sent`, judged under the CT `requirement` that
    /// was in force (nil: no log list); `clientTrust`, the clients' stacks on the same chain, is what the Clients view
    /// judges from (without it, the view waits for a validator's verdict).
    public init(
        _ verdict: Verdict, sent: [CertificateDetails], transparency requirement: CTRequirement? = nil,
        clientTrust: ClientStackTrust? = nil
    ) {
        let sentFingerprints = Set(sent.map(\.sha256Fingerprint))
        self.init(
            outcome: verdict.outcome, rejection: verdict.rejection, statement: verdict.statement,
            explanation: verdict.explanation, matchedLevel: verdict.matchedPin?.level,
            levels: verdict.certificates.map {
                ChainLevel(
                    details: $0.details, sent: sentFingerprints.contains($0.details.sha256Fingerprint),
                    verified: $0.inVerifiedPath)
            })
        revocation = verdict.revocation
        transparency = CTVerdict(verdict, requirement: requirement)
        validated = clientTrust.map { ValidatorVerdict(verdict, clientTrust: $0) }
    }

    /// The marker and role for this outcome: never colour alone.
    public var marker: (symbol: String, role: StyleRole) {
        switch outcome {
        case .accepted: return (Marker.accepted.symbol, .verdictAccepted)
        case .rejected: return (Marker.rejected.symbol, .verdictRejected)
        case .notPinned, .pinsLapsed, .reportOnlyViolation: return (Marker.warning.symbol, .verdictWarning)
        }
    }

    /// A few words for the outcome: `accepted`, `REJECTED`, `not pinned`, ...
    public var label: String {
        switch outcome {
        case .accepted: return "accepted"
        case .rejected: return "REJECTED"
        case .notPinned: return "not pinned"
        case .pinsLapsed: return "pins lapsed"
        case .reportOnlyViolation: return "report-only violation"
        }
    }
}
