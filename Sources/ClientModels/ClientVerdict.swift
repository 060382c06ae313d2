import PinningCore

/// What one client decides about a chain, in its own words, beside PinBench's own verdict.
public struct ClientVerdict: Hashable, Sendable, Encodable {
    public enum Outcome: String, Hashable, Sendable, Codable {
        /// Trusted, and a pin the client carries matched.
        case accepted
        /// Trusted; the client checks no pin for this host (none configured, none carried, or pins not enforced).
        case notPinned = "not-pinned"
        /// Trusted; the client's copy of the domain's expiry has passed, so it checks no pin.
        case pinsLapsed = "pins-lapsed"
        /// Trusted; no pin matched, and the client reports the failure and proceeds.
        case reportOnlyViolation = "report-only-violation"
        case rejected
        /// The client refuses its whole pinning configuration at start-up (TrustKit with fewer than two pins).
        case configurationRefused = "configuration-refused"
    }

    public let client: PinClient
    public let outcome: Outcome
    /// Why, in the client's terms: its error, exception or setting.
    public let reason: String
    /// What the client itself prints, verbatim (an OkHttp exception: its fixed beginning, before the certificate
    /// details that vary), for the clients whose words are checked against the real client; nil for the others.
    public let clientMessage: String?
    /// The level of the certificate a pin matched (0 is the leaf), when one did.
    public let matchedLevel: Int?
    /// PinBench's own outcome for the same chain.
    public let pinBenchOutcome: Verdict.Outcome
    /// Set when the client decides differently from PinBench: what differs, in one sentence.
    public let difference: String?

    /// True when a client following this verdict would let the connection proceed.
    public var allowsConnection: Bool {
        switch outcome {
        case .accepted, .notPinned, .pinsLapsed, .reportOnlyViolation: true
        case .rejected, .configurationRefused: false
        }
    }

    init(
        client: PinClient, outcome: Outcome, reason: String, clientMessage: String? = nil, matchedLevel: Int? = nil,
        pinBench: Verdict
    ) {
        self.client = client
        self.outcome = outcome
        self.reason = reason
        self.clientMessage = clientMessage
        self.matchedLevel = matchedLevel
        pinBenchOutcome = pinBench.outcome
        difference = Self.difference(outcome, pinBench: pinBench, client: client)
    }

    private static func difference(_ outcome: Outcome, pinBench: Verdict, client: PinClient) -> String? {
        guard outcome.rawValue != pinBench.outcome.rawValue else { return nil }
        let clientAllows = outcome != .rejected && outcome != .configurationRefused
        let connection =
            pinBench.allowsConnection != clientAllows
            ? "they disagree on the connection"
            : clientAllows ? "both let the connection proceed" : "both refuse the connection"
        return "PinBench says \(pinBench.outcome.rawValue), \(client.displayName) \(outcome.rawValue): \(connection)."
    }

    /// `client: outcome: reason`, with the difference from PinBench after it: how `--clients` prints a verdict.
    public var reportLines: [String] {
        ["\(client.rawValue): \(outcome.rawValue): \(reason)"] + (difference.map { ["  differs: " + $0] } ?? [])
    }

    private enum CodingKeys: String, CodingKey {
        case client, outcome, reason, clientMessage, matchedLevel, pinBenchOutcome, difference, allowsConnection
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(client, forKey: .client)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(reason, forKey: .reason)
        try container.encodeIfPresent(clientMessage, forKey: .clientMessage)
        try container.encodeIfPresent(matchedLevel, forKey: .matchedLevel)
        try container.encode(pinBenchOutcome, forKey: .pinBenchOutcome)
        try container.encodeIfPresent(difference, forKey: .difference)
        try container.encode(allowsConnection, forKey: .allowsConnection)
    }
}
