import Foundation

/// A pin that matched a certificate of the verified path.
public struct PinMatch: Hashable, Sendable, Encodable {
    public let pin: Pin
    /// 0 = leaf; the last level is the trust anchor.
    public let level: Int
    public let subject: String
}

/// The pins of one certificate, as a server presented it or as it stands in the verified path.
public struct PresentedCertificate: Hashable, Sendable, Encodable {
    public let level: Int
    public let details: CertificateDetails
    /// False when the certificate was sent by the server but is not part of the verified path.
    public let inVerifiedPath: Bool
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

    public enum Rejection: String, Hashable, Sendable, Codable {
        case emptyChain = "empty-chain"
        case untrustedChain = "untrusted-chain"
        case hostnameMismatch = "hostname-mismatch"
        case expired
        case notYetValid = "not-yet-valid"
        case wrongKeyUsage = "wrong-key-usage"
        /// A certificate the chain needs has a key clients refuse (RSA under 2048 bits, an unusual curve).
        case unacceptableKey = "unacceptable-key"
        /// Path building stopped at its signature-check cap or deadline without finding a path.
        case pathBuildingCutShort = "path-building-cut-short"
        case pinMismatch = "pin-mismatch"
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
    public let summary: String
    /// The reasoning, line by line, ending with the presented and pinned values where pins were involved.
    public let explanation: [String]

    init(
        host: String, outcome: Outcome, rejection: Rejection?, policy: DomainPolicy?, matchedPin: PinMatch?,
        certificates: [PresentedCertificate], statement: String, explanation: [String]
    ) {
        self.host = host
        self.outcome = outcome
        self.rejection = rejection
        self.policy = policy
        self.matchedPin = matchedPin
        self.certificates = certificates
        self.statement = statement
        self.summary = "\(host): \(statement)"
        self.explanation = explanation
    }

    /// True when a client following this verdict would let the connection proceed.
    public var allowsConnection: Bool { outcome != .rejected }

    /// The summary, then the explanation indented: how `validate` prints a verdict. Lines, not one text, so each
    /// is made terminal-safe on its own and a newline inside a certificate's text never starts a line.
    public var reportLines: [String] { [summary] + explanation.map { "  " + $0 } }

    /// ``reportLines`` as one text block (raw: for test messages and logs, not a terminal).
    public var report: String { reportLines.joined(separator: "\n") }
}
