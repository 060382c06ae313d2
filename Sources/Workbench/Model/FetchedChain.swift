import ConnectionAudit
import Foundation
import PinningCore

/// What one live fetch of a domain brought back: the chain as the server sent it, leaf first.
///
/// The certificates stay as chain values (DER, parsed X509 where possible) so the workbench can ask for validation
/// against them; their details were computed once when they were decoded, not on every frame.
public struct FetchedChain: Hashable, Sendable {
    public var certificates: [ChainCertificate]
    public var details: [CertificateDetails]
    /// The handshake's facts (TLS parameters, ATS, OpenSSL's built chain) as the probe found them; nil for chains
    /// read from files, which had no connection.
    public var connection: ConnectionFacts?
    public var fetchedAt: Date

    /// A chain read from a file: no handshake, so no connection facts.
    public init(certificates: [ChainCertificate], fetchedAt: Date) {
        self.certificates = certificates
        self.details = certificates.map(\.details)
        self.fetchedAt = fetchedAt
    }

    /// A chain fetched live, with its handshake's facts.
    public init(certificates: [ChainCertificate], connection: ConnectionFacts, fetchedAt: Date) {
        self.init(certificates: certificates, fetchedAt: fetchedAt)
        self.connection = connection
    }

    /// The DER of the certificate with this SHA-256 fingerprint, from the chain as sent or the path OpenSSL built
    /// (a root the server did not send), for saving it as PEM.
    public func certificate(fingerprint: String) -> ChainCertificate? {
        certificates.first { $0.details.sha256Fingerprint == fingerprint }
            ?? connection?.builtChain?.first { $0.details.sha256Fingerprint == fingerprint }
    }
}

/// Why a fetch failed: its kind, for decisions, and its detail; the words are made only where it is shown
/// (``description``).
public struct FetchFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// The domain's host, port or connect address cannot be dialled.
        case invalidTarget
        case nameNotResolved
        /// Nothing listens on the port.
        case connectionRefused
        case timedOut
        /// The peer reset or closed the connection before the handshake finished.
        case connectionLost
        /// The handshake failed: a TLS alert, no common version or cipher, a peer that does not speak TLS.
        case tlsFailure
        /// The server sent more certificates or bytes than the probe's caps allow.
        case chainTooLarge
        /// The server's certificates are not X.509.
        case undecodableChain
        /// Offline: no readable chain file for the host.
        case noChainFile
        case cancelled
        /// Any other system error (no file descriptors left, network unreachable, ...).
        case other
    }

    public var kind: Kind
    /// The step of the connection that failed, when it was one.
    public var phase: ProbePhase?
    /// Why, in words (terminal-safe where it came from the peer).
    public var detail: String

    public init(_ kind: Kind, phase: ProbePhase? = nil, detail: String) {
        self.kind = kind
        self.phase = phase
        self.detail = detail
    }

    public var description: String {
        if kind == .noChainFile { return "no chain file \(detail)" }
        return phase.map { "\($0) failed: \(detail)" } ?? detail
    }
}

/// Where to fetch a domain's chain from: SNI and checks use `host`, the dial goes to `connect` when set.
public struct FetchRequest: Hashable, Sendable {
    public var host: String
    public var port: Int
    public var connect: String?

    public init(host: String, port: Int = 443, connect: String? = nil) {
        self.host = host
        self.port = port
        self.connect = connect
    }

    public init(_ domain: DomainPolicy) {
        self.init(host: domain.host, port: domain.port, connect: domain.connect)
    }
}
