import ConnectionAudit
import PinningCore

extension ConnectionFacts {
    /// The facts of a finished handshake, judged once here: App Transport Security from the DER as sent (so keys and
    /// signatures too weak for the X.509 parser are still named), and OpenSSL's built path decoded. The one place a
    /// live connection's ATS verdict comes from (`inspect`, `check`, the workbench).
    ///
    /// A built path the core cannot decode is reported as no path, with the decoder's reason: the sent chain holds
    /// the same bytes, and judging it says the same in the verdict. `ats` is the batch's memo of ATS verdicts.
    static func handshake(
        _ client: TLSClient, target: ProbeTarget, peerAddress: String, sent: [[UInt8]],
        built: (chain: [[UInt8]]?, problem: String?), connectDuration: Duration, handshakeDuration: Duration,
        ats: ATSMemo
    ) -> ConnectionFacts {
        let cipher = client.cipherSuite
        let keyExchange = client.keyExchange
        var builtChain: [ChainCertificate]?
        var builtChainProblem = built.problem
        if let chain = built.chain {
            do throws(CertificateDecodingError) {
                var decoded: [ChainCertificate] = []
                for (index, der) in chain.enumerated() {
                    decoded.append(
                        try CertificateChainDecoder.decodeDER(
                            der, source: "chain built for \(target)", block: index + 1))
                }
                builtChain = decoded
            } catch {
                builtChainProblem = "\(error)"
            }
        }
        return ConnectionFacts(
            protocolVersion: client.protocolVersion, cipherSuite: cipher.standard,
            cipherSuiteOpenSSLName: cipher.openSSL, keyExchangeGroup: client.keyExchangeGroup, keyExchange: keyExchange,
            ocspStapled: client.ocspStapled, stapledOCSPResponse: client.stapledOCSPResponse, peerAddress: peerAddress,
            serverName: target.serverName, connectDuration: connectDuration, handshakeDuration: handshakeDuration,
            ats: ats.evaluate(
                protocolVersion: client.protocolVersion, cipherSuite: cipher.standard, keyExchange: keyExchange,
                chainDER: sent),
            builtChain: builtChain, builtChainProblem: builtChainProblem)
    }
}
