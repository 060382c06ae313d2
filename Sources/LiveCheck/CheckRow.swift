import ChainProbe
import ConnectionAudit
import Foundation
import PinningCore

/// One domain's line in `check`: the live verdict, or why there is none.
public struct CheckRow: Encodable, Sendable {
    /// The verdict outcomes of the core (same raw values), plus `unreachable` when no chain could be fetched.
    public enum Outcome: String, Encodable, Sendable {
        case accepted
        case notPinned = "not-pinned"
        case pinsLapsed = "pins-lapsed"
        case reportOnlyViolation = "report-only-violation"
        case rejected
        case unreachable

        public init(_ outcome: Verdict.Outcome) {
            self.init(rawValue: outcome.rawValue)!
        }
    }

    public let host: String
    public let port: Int
    public let connect: String?
    public let outcome: Outcome
    public let summary: String
    /// Why it was rejected: a `Verdict.Rejection` value, or `unparsable-chain`.
    public var rejection: String?
    public var explanation: [String] = []
    public var matchedPin: MatchedPin?
    public var leafNotAfter: Date?
    public var leafDaysLeft: Int?
    public var tls: ConnectionFacts?
    public var ats: ATSJSON?
    /// What was learned about the leaf's revocation (`--revocation`).
    public var revocation: RevocationCheck?
    /// The leaf's SCTs against `--ct-log-list`, when given.
    public var transparency: CTPolicyResult?
    public var failure: ProbeFailureJSON?

    /// The verdict's ``PinMatch`` as written (same keys), without the certificate it keeps: a row outlives its
    /// chain, and `check` holds a row for every domain until the report is written.
    public struct MatchedPin: Encodable, Sendable {
        public let pin: Pin
        public let level: Int
        public let subject: String

        public init(_ match: PinMatch) {
            pin = match.pin
            level = match.level
            subject = match.subject
        }
    }

    private init(_ domain: DomainPolicy, _ outcome: Outcome, summary: String) {
        host = domain.host
        port = domain.port
        connect = domain.connect
        self.outcome = outcome
        self.summary = summary
    }

    public init(domain: DomainPolicy, inspection: LiveInspection, now: Date) {
        let verdict = inspection.verdict
        self.init(domain, Outcome(verdict.outcome), summary: verdict.summary)
        rejection = verdict.rejection?.rawValue
        explanation = verdict.explanation
        matchedPin = verdict.matchedPin.map(MatchedPin.init)
        if let leaf = inspection.sent.first {
            leafNotAfter = leaf.notAfter
            leafDaysLeft = CertificateDetails.daysLeft(until: leaf.notAfter, at: now)
        }
        tls = inspection.probe.connection
        ats = ATSJSON(inspection.ats)
        revocation = verdict.revocation
        transparency = verdict.transparency
    }

    public init(domain: DomainPolicy, failure: ProbeFailure) {
        self.init(domain, .unreachable, summary: "\(domain.host): unreachable: \(failure.description).")
        self.failure = ProbeFailureJSON(failure)
    }

    /// A handshake whose chain the core cannot parse: no client built on it could accept it.
    public init(domain: DomainPolicy, unparsable error: Error, probe: ProbeResult) {
        self.init(domain, .rejected, summary: "\(domain.host): rejected: the server's chain cannot be parsed.")
        rejection = "unparsable-chain"
        explanation = ["\(error)"]
        tls = probe.connection
        ats = ATSJSON(probe.connection.ats)
    }
}
