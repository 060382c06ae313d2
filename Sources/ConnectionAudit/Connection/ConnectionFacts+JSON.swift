/// The handshake's parameters as the CLI's JSON `tls` object (`inspect --json`, `check --json`): protocol, suite, key
/// exchange, OCSP staple, peer and timings in milliseconds. The ATS verdict and the built chain have keys of their own
/// beside it, so they are not repeated here.
extension ConnectionFacts: Encodable {
    private enum CodingKeys: String, CodingKey {
        case protocolVersion, cipherSuite, keyExchangeGroup, keyExchange, ocspStapled, peerAddress, serverName
        case connectMilliseconds, handshakeMilliseconds
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(protocolVersion, forKey: .protocolVersion)
        try container.encode(cipherSuite, forKey: .cipherSuite)
        try container.encodeIfPresent(keyExchangeGroup, forKey: .keyExchangeGroup)
        // `ecdhe`, `dhe`, `rsa`, `tls1.3`, ...: the raw values are the stable names.
        try container.encode(keyExchange.rawValue, forKey: .keyExchange)
        try container.encode(ocspStapled, forKey: .ocspStapled)
        try container.encode(peerAddress, forKey: .peerAddress)
        try container.encodeIfPresent(serverName, forKey: .serverName)
        try container.encode(Self.milliseconds(connectDuration), forKey: .connectMilliseconds)
        try container.encode(Self.milliseconds(handshakeDuration), forKey: .handshakeMilliseconds)
    }

    /// A duration in (fractional) milliseconds.
    public static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
