import Foundation

/// What PinBench concluded about the leaf's revocation, and from what: a stapled OCSP response, an answer from the
/// responder the leaf names, or nothing (and why). Only ``Outcome/revoked(at:reason:)`` rejects a verdict; every
/// other outcome is shown, never silently taken as "good".
public struct RevocationCheck: Hashable, Sendable, Encodable {
    /// Where the OCSP response came from.
    public enum Source: String, Hashable, Sendable {
        case staple
        case responder
    }

    public enum Outcome: Hashable, Sendable {
        /// The responder vouches for the leaf until `nextUpdate` (nil: it gave no end).
        case good(thisUpdate: Date, nextUpdate: Date?)
        case revoked(at: Date, reason: RevocationReason?)
        /// The responder does not know the leaf.
        case unknown
        /// There is a response, but it cannot be relied on.
        case unusable(OCSPProblem)
        /// No response to judge.
        case notChecked(NotChecked)
    }

    /// Why there was no response to judge.
    public enum NotChecked: Hashable, Sendable {
        /// `--revocation off`.
        case off
        /// The server stapled nothing (`--revocation staple`).
        case noStaple
        /// The leaf names no OCSP responder (`--revocation ocsp`).
        case noResponder
        /// The responder could not be asked or did not answer in time; the words say which.
        case responderUnreachable(String)
        /// The leaf is its own trust anchor: there is no issuer to vouch for it.
        case noIssuer
    }

    public let source: Source?
    public let outcome: Outcome
    /// The responder's name or key hash, terminal-safe; nil without a response.
    public let responder: String?

    public init(source: Source?, outcome: Outcome, responder: String? = nil) {
        self.source = source
        self.outcome = outcome
        self.responder = responder?.terminalSafe
    }

    public static func notChecked(_ reason: NotChecked) -> Self { Self(source: nil, outcome: .notChecked(reason)) }

    public var isRevoked: Bool {
        if case .revoked = outcome { return true }
        return false
    }

    /// A stable identifier for scripts: `good`, `revoked`, `unknown`, `unusable`, `not-checked`.
    public var code: String {
        switch outcome {
        case .good: return "good"
        case .revoked: return "revoked"
        case .unknown: return "unknown"
        case .unusable: return "unusable"
        case .notChecked: return "not-checked"
        }
    }

    /// One line for people: "good (stapled OCSP response, this update 2026-11-24 10:00 UTC, next update ...)".
    public var summary: String {
        let from = source.map { $0 == .staple ? "stapled OCSP response" : "OCSP responder" } ?? ""
        let by = responder.map { " signed by \($0)" } ?? ""
        switch outcome {
        case .good(let thisUpdate, let nextUpdate):
            let until = nextUpdate.map { ", valid until \(Self.format($0))" } ?? ", no next update given"
            return "good: \(from)\(by) of \(Self.format(thisUpdate))\(until)"
        case .revoked(let time, let reason):
            return "REVOKED on \(Self.format(time))" + (reason.map { " (\($0))" } ?? "") + ", says the \(from)\(by)"
        case .unknown:
            return "unknown: the \(from)\(by) does not know this certificate (not checked)"
        case .unusable(let problem):
            return "not established: the \(from) cannot be relied on: \(problem)"
        case .notChecked(let reason):
            switch reason {
            case .off: return "not checked (--revocation off)"
            case .noStaple: return "not checked: the server stapled no OCSP response"
            case .noResponder: return "not checked: the leaf names no OCSP responder"
            case .responderUnreachable(let why): return "not checked: the OCSP responder could not be asked (\(why))"
            case .noIssuer: return "not checked: the leaf is its own trust anchor"
            }
        }
    }

    private enum CodingKeys: String, CodingKey { case status, source, responder, summary, revokedAt, reason }

    /// `{"status": "revoked", "source": "staple", "revokedAt": ..., "reason": "keyCompromise", "summary": ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .status)
        try container.encodeIfPresent(source?.rawValue, forKey: .source)
        try container.encodeIfPresent(responder, forKey: .responder)
        if case .revoked(let at, let reason) = outcome {
            try container.encode(at, forKey: .revokedAt)
            try container.encodeIfPresent(reason?.description, forKey: .reason)
        }
        try container.encode(summary, forKey: .summary)
    }

    static func format(_ date: Date) -> String {
        let text = ISO8601DateFormatter().string(from: date)
        return text.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    }
}

/// Why an OCSP response cannot be relied on.
public enum OCSPProblem: Hashable, Sendable, CustomStringConvertible {
    case malformed(String)
    case notSuccessful(ParsedOCSPResponse.Status)
    /// No single response is about this leaf (other serial, other issuer, or a hash PinBench does not compute).
    case noResponseForLeaf
    /// Neither the issuer nor a certificate it delegated OCSP signing to signed the response.
    case unauthorizedSigner
    case badSignature
    case notYetValid(thisUpdate: Date)
    case expired(nextUpdate: Date)

    public var description: String {
        switch self {
        case .malformed(let why): return "malformed (\(why))"
        case .notSuccessful(let status): return "the responder answered \(status)"
        case .noResponseForLeaf: return "it says nothing about this certificate"
        case .unauthorizedSigner: return "it is not signed by the issuer or a responder the issuer authorized"
        case .badSignature: return "its signature does not verify"
        case .notYetValid(let time): return "its thisUpdate \(RevocationCheck.format(time)) is in the future"
        case .expired(let time): return "it expired at its nextUpdate \(RevocationCheck.format(time))"
        }
    }
}
