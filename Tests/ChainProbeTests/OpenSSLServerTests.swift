import ChainProbe
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing
import X509

/// The probe against a TLS server that is not ours: `openssl s_server`, configured from the command line.
@Suite("Probing openssl s_server")
struct OpenSSLServerTests {
    let pki = TestPKI.shared
    var served: [IssuedCertificate] { pki.good.presented }

    func probe(_ target: ProbeTarget, anchors: [String] = []) async throws -> ProbeResult {
        let options = ProbeOptions(trustAnchorPaths: anchors, useSystemTrustStore: false)
        return try await ChainProber().probe(target, options: options).get()
    }

    @Test("TLS 1.2 forced: version, cipher suite (both spellings) and group as configured")
    func tls12() async throws {
        let server = try await OpenSSLServer.start(
            .init(pki.good.leaf, chain: pki.good.intermediates),
            arguments: ["-tls1_2", "-cipher", "ECDHE-ECDSA-AES256-GCM-SHA384", "-groups", "secp384r1"])
        defer { server.stop() }
        let result = try await probe(.loopback(pki.host, port: server.port))
        #expect(result.connection.protocolVersion == "TLSv1.2")
        #expect(result.connection.cipherSuite == "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384")
        #expect(result.connection.cipherSuiteOpenSSLName == "ECDHE-ECDSA-AES256-GCM-SHA384")
        #expect(result.connection.keyExchangeGroup == "secp384r1")
        #expect(result.sentChain == served.map(\.der))
    }

    @Test("TLS 1.3: version, cipher suite and group as configured")
    func tls13() async throws {
        let server = try await OpenSSLServer.start(
            .init(pki.good.leaf, chain: pki.good.intermediates),
            arguments: ["-tls1_3", "-ciphersuites", "TLS_CHACHA20_POLY1305_SHA256", "-groups", "X25519"])
        defer { server.stop() }
        let result = try await probe(.loopback(pki.host, port: server.port))
        #expect(result.connection.protocolVersion == "TLSv1.3")
        #expect(result.connection.cipherSuite == "TLS_CHACHA20_POLY1305_SHA256")
        #expect(result.connection.keyExchangeGroup == "x25519")
        #expect(result.sentChain == served.map(\.der))
    }

    @Test("the sent chain is exactly the DER given to s_server; its pins equal the openssl command line's")
    func chainAndPins() async throws {
        let server = try await OpenSSLServer.start(.init(pki.good.leaf, chain: pki.good.intermediates))
        defer { server.stop() }
        let root = server.folder.write("root.pem", pki.root.pem)
        let result = try await probe(.loopback(pki.host, port: server.port), anchors: [root])
        #expect(result.sentChain == served.map(\.der))
        #expect(result.connection.builtChain?.map(\.der) == (served + [pki.root]).map(\.der))
        for (der, given) in zip(result.connection.builtChain?.map(\.der) ?? [], served + [pki.root]) {
            let details = CertificateDetails(try Certificate(derEncoded: der))
            #expect(details.spkiPin == (try OpenSSLCLI.spkiPin(certificatePEM: given.pem)))
            #expect(details.certPin == (try OpenSSLCLI.certPin(certificatePEM: given.pem)))
        }
    }

    @Test("SNI is honoured: the -servername host gets -cert2, any other name the default identity")
    func serverNameIndication() async throws {
        let other = pki.wrongHost.leaf
        let server = try await OpenSSLServer.start(
            .init(pki.good.leaf, chain: pki.good.intermediates),
            named: (name: "other.pinbench.test", identity: .init(other)))
        defer { server.stop() }
        let second = try await probe(.loopback("other.pinbench.test", port: server.port))
        #expect(second.connection.serverName == "other.pinbench.test")
        #expect(second.sentChain == [other.der])
        let first = try await probe(.loopback(pki.host, port: server.port))
        #expect(first.connection.serverName == pki.host)
        #expect(first.sentChain == served.map(\.der))
    }

    @Test("IPv6: s_server on [::1] is probed by address, with no SNI")
    func ipv6() async throws {
        let server = try await OpenSSLServer.start(.init(pki.good.leaf, chain: pki.good.intermediates), address: "::1")
        defer { server.stop() }
        let target = try ProbeTarget(parsing: "[::1]:\(server.port)")
        #expect(target.host == "::1")
        let result = try await probe(target)
        #expect(result.connection.peerAddress == "[::1]:\(server.port)")
        #expect(result.connection.serverName == nil)
        #expect(result.sentChain == served.map(\.der))
    }
}
