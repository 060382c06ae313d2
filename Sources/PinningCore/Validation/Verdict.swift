import Foundation
import X509

/// A pin that matched a certificate of the verified path.
public struct PinMatch: Hashable, Sendable, Encodable {
    public let pin: Pin
    /// 0 = leaf; the last level is the trust anchor.
    public let level: Int
    /// The matched certificate's subject, written when first read.
    public var subject: String { certificate.subject }
    private let certificate: LazyCertificateDetails

    init(pin: Pin, level: Int, certificate: LazyCertificateDetails) {
        self.pin = pin
        self.level = level
        self.certificate = certificate
    }

    private enum CodingKeys: String, CodingKey {
        case pin, level, subject
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pin, forKey: .pin)
        try container.encode(level, forKey: .level)
        try container.encode(subject, forKey: .subject)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.pin == rhs.pin && lhs.level == rhs.level && lhs.subject == rhs.subject
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pin)
        hasher.combine(level)
        hasher.combine(subject)
    }
}

/// The pins of one certificate, as a server presented it or as it stands in the verified path.
public struct PresentedCertificate: Hashable, Sendable, Encodable {
    public let level: Int
    /// Computed when first read: a verdict itself needs only a pin or two (``LazyCertificateDetails``).
    public var details: CertificateDetails { lazyDetails.details }
    /// False when the certificate was sent by the server but is not part of the verified path.
    public let inVerifiedPath: Bool
    package let lazyDetails: LazyCertificateDetails

    /// The certificate's pin of `type`, computed (once) only if asked: cheaper than ``details`` when a pin is all
    /// that is needed.
    public func pinValue(_ type: PinType) -> String { lazyDetails.pinValue(type) }
    /// When the certificate expires, read without computing the rest of ``details``.
    public var notAfter: Date { lazyDetails.notAfter }
    /// The parsed certificate: always set on the verified path; nil only for a sent certificate swift-certificates
    /// refused. What a client model re-judges a path with (ClientModels).
    public var certificate: Certificate? { lazyDetails.certificate }

    init(level: Int, details: LazyCertificateDetails, inVerifiedPath: Bool) {
        self.level = level
        self.lazyDetails = details
        self.inVerifiedPath = inVerifiedPath
    }

    private enum CodingKeys: String, CodingKey {
        case level, details, inVerifiedPath
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(level, forKey: .level)
        try container.encode(details, forKey: .details)
        try container.encode(inVerifiedPath, forKey: .inVerifiedPath)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.level == rhs.level && lhs.inVerifiedPath == rhs.inVerifiedPath && lhs.details == rhs.details
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(level)
        hasher.combine(details)
        hasher.combine(inVerifiedPath)
    }
}

/// The decision on one (host, chain), explained: every verdict says what was checked and why it came out so.
public struct Verdict: Sendable, Encodable {
    public enum Outcome: String, Hashable, Sendable, Codable {
        /// Trusted by default evaluation and a pin matched.
        case accepted
        /// Trusted by default evaluation; no policy pins this host.
        case notPinned = "not-pinned"
        /// Trusted by default evaluation; the domain's pins expired, so they were not checked.
        case pinsLapsed = "pins-lapsed"
        /// Trusted by default evaluation; no pin matched, but the domain is report-only.
        case reportOnlyViolation = "report-only-violation"
        case rejected
    }

    public let host: String
    public let outcome: Outcome
    public let rejection: Rejection?
    /// The domain policy that applied, if any.
    public let policy: DomainPolicy?
    public let matchedPin: PinMatch?
    /// The verified path, leaf to trust anchor, followed by presented certificates outside it.
    public let certificates: [PresentedCertificate]
    /// The outcome and its reason in one sentence, without the host: "accepted: active pin matched at level 0."
    /// For places that already name the host, such as the workbench's certificate pane.
    public let statement: String
    /// The same sentence led by the host, for the command line and logs.
    public var summary: String { "\(host): \(statement)" }
    /// The reasoning, line by line, ending with the presented and pinned values where pins were involved.
    /// Written when first read: a client deciding on a connection reads only ``outcome``.
    public var explanation: [String] { lazyExplanation.lines }
    private let lazyExplanation: LazyLines
    /// What was learned about the leaf's revocation, when the caller gave evidence (a live connection); nil when
    /// the question was not asked (a chain from a file).
    public internal(set) var revocation: RevocationCheck?
    /// The leaf's SCTs judged against a log list, when the caller gave one.
    public internal(set) var transparency: CTPolicyResult?

    init(
        host: String, outcome: Outcome, rejection: Rejection?, policy: DomainPolicy?, matchedPin: PinMatch?,
        certificates: [PresentedCertificate], statement: String, explanation: [String]
    ) {
        self.init(
            host: host, outcome: outcome, rejection: rejection, policy: policy, matchedPin: matchedPin,
            certificates: certificates, statement: statement, explanation: LazyLines(explanation))
    }

    /// A verdict whose explanation `explain` writes when someone first reads it.
    init(
        host: String, outcome: Outcome, rejection: Rejection?, policy: DomainPolicy?, matchedPin: PinMatch?,
        certificates: [PresentedCertificate], statement: String, explain: @escaping @Sendable () -> [String]
    ) {
        self.init(
            host: host, outcome: outcome, rejection: rejection, policy: policy, matchedPin: matchedPin,
            certificates: certificates, statement: statement, explanation: LazyLines(explain))
    }

    private init(
        host: String, outcome: Outcome, rejection: Rejection?, policy: DomainPolicy?, matchedPin: PinMatch?,
        certificates: [PresentedCertificate], statement: String, explanation: LazyLines
    ) {
        self.host = host
        self.outcome = outcome
        self.rejection = rejection
        self.policy = policy
        self.matchedPin = matchedPin
        self.certificates = certificates
        self.statement = statement
        self.lazyExplanation = explanation
    }

    private enum CodingKeys: String, CodingKey {
        case host, outcome, rejection, policy, matchedPin, certificates, statement, summary, explanation, revocation,
            transparency
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(host, forKey: .host)
        try container.encode(outcome, forKey: .outcome)
        try container.encodeIfPresent(rejection, forKey: .rejection)
        try container.encodeIfPresent(policy, forKey: .policy)
        try container.encodeIfPresent(matchedPin, forKey: .matchedPin)
        try container.encode(certificates, forKey: .certificates)
        try container.encode(statement, forKey: .statement)
        try container.encode(summary, forKey: .summary)
        try container.encode(explanation, forKey: .explanation)
        try container.encodeIfPresent(revocation, forKey: .revocation)
        try container.encodeIfPresent(transparency, forKey: .transparency)
    }

    /// True when a client following this verdict would let the connection proceed.
    public var allowsConnection: Bool { outcome != .rejected }

    /// True when default trust evaluation found a path, whatever the pins, the revocation check or Certificate
    /// Transparency then said: the verified path is one a client would build.
    public var isTrusted: Bool {
        switch outcome {
        case .accepted, .notPinned, .pinsLapsed, .reportOnlyViolation: return true
        case .rejected:
            return rejection == .pinMismatch || rejection == .revoked || rejection == .certificateTransparency
        }
    }

    /// The summary, then the explanation indented: how `validate` prints a verdict. Lines, not one text, so each
    /// is made terminal-safe on its own and a newline inside a certificate's text never starts a line.
    public var reportLines: [String] { [summary] + explanation.map { "  " + $0 } }

    /// ``reportLines`` as one text block (raw: for test messages and logs, not a terminal).
    public var report: String { reportLines.joined(separator: "\n") }
}

/// Lines written once, when first read; shared by the copies of a verdict.
final class LazyLines: Sendable {
    private let write: @Sendable () -> [String]
    private let written: Locked<[String]?>

    init(_ lines: [String]) {
        write = { lines }
        written = Locked(lines)
    }

    init(_ write: @escaping @Sendable () -> [String]) {
        self.write = write
        written = Locked(nil)
    }

    var lines: [String] {
        if let known = written.withLock({ $0 }) { return known }
        let lines = write()
        return written.withLock { written in
            if let known = written { return known }
            written = lines
            return lines
        }
    }
}
