import PinningCore

/// What one successful handshake showed: the chains and the TLS facts, as plain values for the core to judge.
///
/// An untrusted, expired or wrong-host chain is still a result: the probe only collects, the core decides.
public struct ProbeResult: Hashable, Sendable {
    public var target: ProbeTarget
    /// The certificates exactly as the server sent them, leaf first, DER.
    public var sentChain: [[UInt8]]
    /// The path OpenSSL built from the leaf to one of the trust anchors (leaf first, anchor last), or nil when it
    /// could not build one; `builtChainProblem` then says why.
    public var builtChain: [[UInt8]]?
    /// OpenSSL's words for why no chain was built (e.g. "unable to get local issuer certificate").
    public var builtChainProblem: String?
    /// "TLSv1.2" or "TLSv1.3"; "TLSv1.1" or "TLSv1" for a server that refused both (described, never trusted for it).
    public var protocolVersion: String
    /// The IANA (RFC) name of the cipher suite, e.g. "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256".
    public var cipherSuite: String
    /// OpenSSL's name of the same suite, e.g. "ECDHE-RSA-AES128-GCM-SHA256".
    public var cipherSuiteOpenSSLName: String
    /// The key-exchange group, e.g. "X25519" or "prime256v1"; nil when there was none (RSA key exchange).
    public var keyExchangeGroup: String?
    /// How the keys were agreed (ECDHE, DHE, RSA, ...), from OpenSSL's description of the negotiated suite.
    public var keyExchange: KeyExchange
    /// Whether the server stapled an OCSP response (we ask for one).
    public var ocspStapled: Bool
    /// The stapled OCSP response, as sent; nil when none was stapled.
    public var stapledOCSPResponse: [UInt8]?
    /// The address the connection went to, e.g. "127.0.0.1:8443" or "[::1]:443".
    public var peerAddress: String
    /// The SNI name sent, or nil when the host is an IP literal.
    public var serverName: String?
    /// Time to open the TCP connection (including name resolution).
    public var connectDuration: Duration
    /// Time from the first ClientHello byte to the finished handshake.
    public var handshakeDuration: Duration
    /// When the probe's deadline ends. Judging the chain belongs to the same budget: pass
    /// ``judgingLimits(minimum:)`` to the validator so a hostile chain cannot stretch a `--timeout`.
    public var deadline: ContinuousClock.Instant?

    public init(
        target: ProbeTarget,
        sentChain: [[UInt8]],
        builtChain: [[UInt8]]?,
        builtChainProblem: String?,
        protocolVersion: String,
        cipherSuite: String,
        cipherSuiteOpenSSLName: String,
        keyExchangeGroup: String?,
        keyExchange: KeyExchange? = nil,
        ocspStapled: Bool,
        stapledOCSPResponse: [UInt8]? = nil,
        peerAddress: String,
        serverName: String?,
        connectDuration: Duration,
        handshakeDuration: Duration,
        deadline: ContinuousClock.Instant? = nil
    ) {
        self.target = target
        self.sentChain = sentChain
        self.builtChain = builtChain
        self.builtChainProblem = builtChainProblem
        self.protocolVersion = protocolVersion
        self.cipherSuite = cipherSuite
        self.cipherSuiteOpenSSLName = cipherSuiteOpenSSLName
        self.keyExchangeGroup = keyExchangeGroup
        self.keyExchange = keyExchange ?? KeyExchange(suiteName: cipherSuite)
        self.ocspStapled = ocspStapled
        self.stapledOCSPResponse = stapledOCSPResponse
        self.peerAddress = peerAddress
        self.serverName = serverName
        self.connectDuration = connectDuration
        self.handshakeDuration = handshakeDuration
        self.deadline = deadline
    }

    /// Path-building limits for judging this result: the standard signature-check cap, and the probe's deadline, or
    /// `minimum` from now when less than that is left (a slow handshake must not leave a good chain no time at all).
    public func judgingLimits(minimum: Duration = .milliseconds(250)) -> PathBuildingLimits {
        guard let deadline else { return PathBuildingLimits() }
        return PathBuildingLimits(deadline: max(deadline, ContinuousClock.now.advanced(by: minimum)))
    }

    /// The sent chain decoded: every certificate with its details and pins, parsed by swift-certificates where it
    /// can be (a refused one, such as an RSA-1024 leaf, carries its refusal). Fails only on bytes that are not X.509.
    public func sentCertificates() throws(CertificateDecodingError) -> [ChainCertificate] {
        try Self.decode(sentChain, source: "chain sent by \(target)")
    }

    /// The built chain decoded, or nil when OpenSSL built none. Certificates also in `sent` (the decoded sent chain)
    /// are taken from there rather than parsed again: only the anchor is usually new.
    public func builtCertificates(
        reusing sent: [ChainCertificate] = []
    ) throws(CertificateDecodingError) -> [ChainCertificate]? {
        guard let builtChain else { return nil }
        var certificates: [ChainCertificate] = []
        certificates.reserveCapacity(builtChain.count)
        for (index, der) in builtChain.enumerated() {
            if let known = sent.first(where: { $0.der == der }) {
                certificates.append(known)
            } else {
                certificates.append(
                    try CertificateChainDecoder.decodeDER(der, source: "chain built for \(target)", block: index + 1))
            }
        }
        return certificates
    }

    private static func decode(
        _ chain: [[UInt8]], source: String
    ) throws(CertificateDecodingError) -> [ChainCertificate] {
        var certificates: [ChainCertificate] = []
        for (index, der) in chain.enumerated() {
            certificates.append(try CertificateChainDecoder.decodeDER(der, source: source, block: index + 1))
        }
        return certificates
    }
}
