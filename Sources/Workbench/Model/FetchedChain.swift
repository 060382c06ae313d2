import Foundation
import PinningCore

/// What one live fetch of a domain brought back: the chain as the server sent it, leaf first.
///
/// The certificates stay as chain values (DER, parsed X509 where possible) so the workbench can ask for validation
/// against them; their details were computed once when they were decoded, not on every frame.
public struct FetchedChain: Hashable, Sendable {
    public var certificates: [ChainCertificate]
    public var details: [CertificateDetails]
    public var protocolVersion: String?
    public var cipher: String?
    /// The handshake's facts (TLS parameters, ATS, OpenSSL's built chain) as the probe found them; nil for chains
    /// read from files, which had no connection.
    public var connection: ConnectionFacts?
    public var fetchedAt: Date

    public init(
        certificates: [ChainCertificate], protocolVersion: String? = nil, cipher: String? = nil, fetchedAt: Date
    ) {
        self.certificates = certificates
        self.details = certificates.map(\.details)
        self.protocolVersion = protocolVersion
        self.cipher = cipher
        self.fetchedAt = fetchedAt
    }

    /// A chain fetched live, with its handshake's facts.
    public init(certificates: [ChainCertificate], connection: ConnectionFacts, fetchedAt: Date) {
        self.init(
            certificates: certificates, protocolVersion: connection.protocolVersion, cipher: connection.cipherSuite,
            fetchedAt: fetchedAt)
        self.connection = connection
    }

    /// The DER of the certificate with this SHA-256 fingerprint, from the chain as sent or the path OpenSSL built
    /// (a root the server did not send), for saving it as PEM.
    public func certificate(fingerprint: String) -> ChainCertificate? {
        certificates.first { $0.details.sha256Fingerprint == fingerprint }
            ?? connection?.builtChain?.first { $0.details.sha256Fingerprint == fingerprint }
    }
}

/// Why a fetch failed, in words (timeouts, refused connections, handshake errors).
public struct FetchFailure: Error, Hashable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
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
