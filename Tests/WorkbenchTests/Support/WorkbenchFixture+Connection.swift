import ConnectionAudit
import Foundation
import PinningCore

@testable import Workbench

extension WorkbenchFixture {
    /// Handshake facts as the probe would report them for `chain`: by default TLS 1.2 with RSA key exchange (so ATS
    /// names a violation), no OCSP staple, and a built path that ends at the fixture root (not sent by the server).
    /// ATS is the core's evaluator on the chain's DER, as the probe computes it.
    static func connection(
        for chain: [ChainCertificate], host: String, protocolVersion: String = "TLSv1.2",
        suite: String = "TLS_RSA_WITH_AES_128_GCM_SHA256", group: String? = nil
    ) -> ConnectionFacts {
        ConnectionFacts(
            protocolVersion: protocolVersion, cipherSuite: suite, keyExchangeGroup: group, ocspStapled: false,
            peerAddress: "127.0.0.1:44321", serverName: host, connectDuration: .milliseconds(2),
            handshakeDuration: .milliseconds(14),
            ats: ATSEvaluator.evaluate(
                protocolVersion: protocolVersion, cipherSuite: suite, chainDER: chain.map(\.der)),
            builtChain: chain + WorkbenchFixture.chain("root.pem"), builtChainProblem: nil)
    }

    /// Delivers `host`'s fixture chain with its connection facts, as a live fetch would, and judges it.
    static func deliverLive(
        _ host: String, protocolVersion: String = "TLSv1.2", suite: String = "TLS_RSA_WITH_AES_128_GCM_SHA256",
        group: String? = nil, on state: inout WorkbenchState
    ) async {
        let chain = served[host]!
        let facts = connection(for: chain, host: host, protocolVersion: protocolVersion, suite: suite, group: group)
        let fetched = FetchedChain(certificates: chain, connection: facts, fetchedAt: now)
        await run(state.apply(.fetchCompleted(host: host, result: .success(fetched))), on: &state)
    }
}
