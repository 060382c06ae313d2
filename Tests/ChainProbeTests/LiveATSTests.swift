import ChainProbe
import ConnectionAudit
import DemoLab
import Foundation
import PinningCore
import TestSupport
import Testing

/// ATS judged on what real handshakes negotiated and sent, end to end.
@Suite("ATS over live connections")
struct LiveATSTests {
    let options = ProbeOptions(useSystemTrustStore: false)

    func evaluate(_ result: ProbeResult) -> ATSEvaluation {
        ATSEvaluator.evaluate(
            protocolVersion: result.connection.protocolVersion, cipherSuite: result.connection.cipherSuite,
            chainDER: result.sentChain)
    }

    @Test("the lab: good meets ATS; weak breaks forward secrecy and the SHA-1 rule, and nothing else")
    func lab() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        func probe(_ kind: LabScenario) async throws -> ProbeResult {
            try await ChainProber().probe(.loopback(lab.scenario(kind).host, port: lab.port), options: options).get()
        }
        let good = try await probe(.good)
        #expect(evaluate(good).passes)
        #expect(good.connection.ats == evaluate(good), "the probe judges ATS once, as the evaluator does")
        #expect(
            ATSEvaluator.evaluate(
                protocolVersion: good.connection.protocolVersion, cipherSuite: good.connection.cipherSuite,
                chain: try good.sentCertificates().compactMap(\.certificate)
            ).passes)

        let weakResult = try await probe(.weak)
        let weak = evaluate(weakResult)
        #expect(weakResult.connection.ats == weak)
        #expect(weak.failedRules == [.forwardSecrecy, .signatureHash])
        let findings = weak.violations.map(\.finding)
        #expect(findings.first?.hasPrefix("TLS_RSA_WITH_") == true)
        #expect(findings.last == "the leaf is signed with SHA-1 (sha1WithRSAEncryption)")
    }

    @Test("s_server with an RSA 1024 leaf: the probe gets the chain and ATS names the key size")
    func smallRSAKey() async throws {
        let leaf = try LegacyCertificate.selfSigned(commonName: "small.pinbench.test", key: .rsa(bits: 1024))
        let server = try await OpenSSLServer.start(
            .init(certificatePEM: leaf.pem, keyPEM: leaf.keyPEM),
            arguments: ["-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256:@SECLEVEL=0"])
        defer { server.stop() }
        let result = try await ChainProber().probe(
            .loopback("small.pinbench.test", port: server.port), options: options
        ).get()
        #expect(result.sentChain == [leaf.der])
        #expect(result.connection.cipherSuite == "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256")
        let evaluation = evaluate(result)
        #expect(evaluation.failedRules == [.leafKeySize])
        #expect(evaluation.violations.map(\.finding) == ["the leaf key is RSA 1024 bits"])
    }
}
