import ChainProbe
import Foundation
import PinningCore

/// One domain's line in `check`: the live verdict, or why there is none.
struct CheckRow: Encodable {
    /// The verdict outcomes of the core, plus `unreachable` when no chain could be fetched.
    enum Outcome: String, Encodable {
        case accepted
        case notPinned = "not-pinned"
        case pinsLapsed = "pins-lapsed"
        case reportOnlyViolation = "report-only-violation"
        case rejected
        case unreachable

        init(_ outcome: Verdict.Outcome) {
            switch outcome {
            case .accepted: self = .accepted
            case .notPinned: self = .notPinned
            case .pinsLapsed: self = .pinsLapsed
            case .reportOnlyViolation: self = .reportOnlyViolation
            case .rejected: self = .rejected
            }
        }
    }

    let host: String
    let port: Int
    let connect: String?
    let outcome: Outcome
    /// Why it was rejected: a `Verdict.Rejection` value, or `unparsable-chain`.
    let rejection: String?
    let summary: String
    let explanation: [String]
    let matchedPin: PinMatch?
    let leafNotAfter: Date?
    let leafDaysLeft: Int?
    let tls: TLSFacts?
    let ats: ATSJSON?
    let failure: ProbeFailureJSON?

    init(domain: DomainPolicy, inspection: LiveInspection, now: Date) {
        let verdict = inspection.verdict
        let leaf = inspection.leaf
        host = domain.host
        port = domain.port
        connect = domain.connect
        outcome = Outcome(verdict.outcome)
        rejection = verdict.rejection?.rawValue
        summary = verdict.summary
        explanation = verdict.explanation
        matchedPin = verdict.matchedPin
        leafNotAfter = leaf?.notAfter
        leafDaysLeft = leaf?.daysLeft(at: now)
        tls = TLSFacts(inspection.probe)
        ats = ATSJSON(inspection.ats)
        failure = nil
    }

    init(domain: DomainPolicy, failure: ProbeFailure) {
        host = domain.host
        port = domain.port
        connect = domain.connect
        outcome = .unreachable
        rejection = nil
        summary = "\(domain.host): unreachable: \(failure.description)."
        explanation = []
        matchedPin = nil
        leafNotAfter = nil
        leafDaysLeft = nil
        tls = nil
        ats = nil
        self.failure = ProbeFailureJSON(failure)
    }

    /// A handshake whose chain the core cannot parse: no client built on it could accept it.
    init(domain: DomainPolicy, unparsable error: Error, probe: ProbeResult) {
        host = domain.host
        port = domain.port
        connect = domain.connect
        outcome = .rejected
        rejection = "unparsable-chain"
        summary = "\(domain.host): rejected: the server's chain cannot be parsed."
        explanation = ["\(error)"]
        matchedPin = nil
        leafNotAfter = nil
        leafDaysLeft = nil
        tls = TLSFacts(probe)
        ats = ATSJSON(LiveInspection.atsEvaluation(probe))
        failure = nil
    }
}
