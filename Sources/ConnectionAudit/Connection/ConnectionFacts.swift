import PinningCore

/// What one TLS handshake showed besides the chain: protocol, cipher, key exchange, OCSP staple, timings, the App
/// Transport Security verdict and the path OpenSSL built.
///
/// The one type for these facts from probe to screen: the probe fills it once (``ATSEvaluator`` included), `inspect`
/// and `check` print and encode it (their JSON's `tls` object), and the workbench shows it, so no view derives its
/// own.
public struct ConnectionFacts: Hashable, Sendable {
    /// "TLSv1.2" or "TLSv1.3".
    public var protocolVersion: String
    /// The IANA name of the cipher suite.
    public var cipherSuite: String
    /// OpenSSL's name of the same suite, e.g. "ECDHE-RSA-AES128-GCM-SHA256"; nil when not known (a fixture).
    public var cipherSuiteOpenSSLName: String?
    /// e.g. "X25519"; nil when OpenSSL names none (RSA key exchange, and DHE in TLS 1.2).
    public var keyExchangeGroup: String?
    /// How the keys were agreed: ECDHE, DHE, RSA, ...
    public var keyExchange: KeyExchange
    public var ocspStapled: Bool
    /// The stapled OCSP response, as sent; nil when none was stapled.
    public var stapledOCSPResponse: [UInt8]?
    /// Where the connection went, e.g. "127.0.0.1:8443".
    public var peerAddress: String
    /// The SNI name sent; nil for an IP literal.
    public var serverName: String?
    public var connectDuration: Duration
    public var handshakeDuration: Duration
    /// The ATS rules this connection breaks, judged from the chain as sent.
    public var ats: ATSEvaluation
    /// The path OpenSSL built to a trust anchor (leaf first), or nil when it built none.
    public var builtChain: [ChainCertificate]?
    /// OpenSSL's reason when it built no path.
    public var builtChainProblem: String?

    public init(
        protocolVersion: String, cipherSuite: String, cipherSuiteOpenSSLName: String? = nil, keyExchangeGroup: String?,
        keyExchange: KeyExchange? = nil,
        ocspStapled: Bool, stapledOCSPResponse: [UInt8]? = nil,
        peerAddress: String, serverName: String?, connectDuration: Duration, handshakeDuration: Duration,
        ats: ATSEvaluation, builtChain: [ChainCertificate]?, builtChainProblem: String?
    ) {
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
        self.ats = ats
        self.builtChain = builtChain
        self.builtChainProblem = builtChainProblem
    }

    /// What the validator learns about the leaf's revocation from this handshake: its staple, or that there was none.
    public var revocationEvidence: RevocationEvidence {
        stapledOCSPResponse.map { .ocspResponse($0, source: .staple) } ?? .none(.noStaple)
    }
}
