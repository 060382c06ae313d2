import PinningCore

extension ProbeResult {
    /// App Transport Security judged from the DER as sent, so keys and signatures too weak for the X.509 parser are
    /// still named. The one place a live connection's ATS verdict comes from (`inspect`, `check`, the workbench).
    public var atsEvaluation: ATSEvaluation {
        ATSEvaluator.evaluate(
            protocolVersion: protocolVersion, cipherSuite: cipherSuite, keyExchange: keyExchange, chainDER: sentChain)
    }

    /// The handshake's facts for views: TLS parameters, timings, ATS and the built chain decoded.
    public func connectionFacts() throws(CertificateDecodingError) -> ConnectionFacts {
        ConnectionFacts(
            protocolVersion: protocolVersion, cipherSuite: cipherSuite, keyExchangeGroup: keyExchangeGroup,
            keyExchange: keyExchange, ocspStapled: ocspStapled, stapledOCSPResponse: stapledOCSPResponse,
            peerAddress: peerAddress, serverName: serverName,
            connectDuration: connectDuration, handshakeDuration: handshakeDuration, ats: atsEvaluation,
            builtChain: try builtCertificates(), builtChainProblem: builtChainProblem)
    }
}
