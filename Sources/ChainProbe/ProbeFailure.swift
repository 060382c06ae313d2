import ConnectionAudit
import PinningCore

/// Why a probe got no chain, in words a person can act on.
///
/// One struct with a code (for tests and for the UI's markers) and a reason sentence (for people). Every string
/// that came from the peer or the user is made terminal-safe before it is stored. Equality compares the code and
/// the phase only, so tests can state the expected failure directly.
public struct ProbeFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The host name has no address (or the resolver failed).
        case nameNotResolved
        /// Nothing listens on the port: the peer answered the connect with a reset.
        case connectionRefused
        /// The deadline ran out; `phase` says in which step.
        case timedOut
        /// The peer reset the connection.
        case connectionReset
        /// The peer closed the connection without a TLS alert.
        case connectionClosed
        /// A TLS alert ended the handshake; `alert` holds its name.
        case tlsAlert
        /// The peer answered, but not in TLS (for example an HTTP error page); `snippet` shows the start.
        case notTLS
        /// The server sent more certificates or bytes than the caps allow.
        case chainTooLarge
        /// OpenSSL rejected the handshake for another reason (no shared cipher or version, malformed message, ...).
        case tlsFailure
        /// The target or the options cannot be used (bad host text, unreadable trust anchors, ...).
        case invalidTarget
        /// The probe was cancelled before it finished.
        case cancelled
        /// Any other system error (network unreachable, out of file descriptors, ...).
        case other
    }

    public let code: Code
    public let phase: ProbePhase
    /// A full sentence, terminal-safe.
    public let reason: String
    /// For `tlsAlert`: the alert's name as OpenSSL spells it (`SSL_alert_desc_string_long`), e.g. "handshake failure".
    public let alert: String?
    /// For `notTLS`: the first bytes the peer sent, sanitized.
    public let snippet: String?

    public init(code: Code, phase: ProbePhase, reason: String, alert: String? = nil, snippet: String? = nil) {
        self.code = code
        self.phase = phase
        self.reason = reason.terminalSafe
        self.alert = alert?.terminalSafe
        self.snippet = snippet?.terminalSafe
    }

    public var description: String { "\(phase) failed: \(reason)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code && lhs.phase == rhs.phase }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(phase)
    }
}

extension ProbeFailure {
    public static func nameNotResolved(_ host: String, detail: String) -> Self {
        .init(code: .nameNotResolved, phase: .resolve, reason: "the name \(host) was not resolved (\(detail))")
    }

    public static func connectionRefused(_ address: String) -> Self {
        .init(code: .connectionRefused, phase: .dial, reason: "connection refused by \(address) (nothing listening?)")
    }

    public static func timedOut(_ phase: ProbePhase, after deadline: Duration, address: String?) -> Self {
        let seconds = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
        let budget = String(format: "%.1f s", seconds)
        let reason: String
        switch phase {
        case .resolve:
            reason = "timed out after \(budget) resolving the name"
        case .dial:
            reason = "timed out after \(budget) connecting to \(address ?? "the server") (no answer to the TCP connect)"
        case .handshake, .setup:
            reason =
                "timed out after \(budget) in the TLS handshake with \(address ?? "the server") "
                + "(the connection is open but the server did not finish the handshake)"
        }
        return .init(code: .timedOut, phase: phase, reason: reason)
    }

    public static func connectionReset(_ phase: ProbePhase, address: String) -> Self {
        .init(code: .connectionReset, phase: phase, reason: "\(address) reset the connection during the \(phase)")
    }

    public static func connectionClosed(_ phase: ProbePhase, address: String) -> Self {
        .init(
            code: .connectionClosed,
            phase: phase,
            reason: "\(address) closed the connection during the \(phase) without a TLS alert"
        )
    }

    /// `alert` is the alert's long name; `sentByPeer` tells the server's alert from one OpenSSL sent itself.
    public static func tlsAlert(_ alert: String, sentByPeer: Bool, address: String, detail: String? = nil) -> Self {
        let who = sentByPeer ? "\(address) sent" : "the handshake with \(address) ended with"
        var reason = "\(who) the TLS alert \"\(alert)\""
        if let detail { reason += " (\(detail))" }
        return .init(code: .tlsAlert, phase: .handshake, reason: reason, alert: alert)
    }

    public static func notTLS(_ snippet: String, address: String) -> Self {
        .init(
            code: .notTLS,
            phase: .handshake,
            reason: "\(address) does not speak TLS; it answered: \(snippet.terminalSafe)",
            snippet: snippet
        )
    }

    public static func chainTooLarge(_ detail: String, address: String) -> Self {
        .init(
            code: .chainTooLarge,
            phase: .handshake,
            reason: "the certificate chain from \(address) is too large: \(detail)"
        )
    }

    public static func tlsFailure(_ detail: String, address: String) -> Self {
        .init(code: .tlsFailure, phase: .handshake, reason: "the TLS handshake with \(address) failed: \(detail)")
    }

    public static func invalidTarget(_ detail: String) -> Self {
        .init(code: .invalidTarget, phase: .setup, reason: detail)
    }

    public static func cancelled(_ phase: ProbePhase) -> Self {
        .init(code: .cancelled, phase: phase, reason: "cancelled during the \(phase)")
    }

    public static func other(_ phase: ProbePhase, _ detail: String) -> Self {
        .init(code: .other, phase: phase, reason: detail)
    }
}
