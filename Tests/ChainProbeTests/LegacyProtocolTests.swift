import ChainProbe
import ConnectionAudit
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// Servers ATS refuses but PinBench must still describe: TLS 1.0/1.1 only, DHE key exchange; and the key-exchange
/// names checked suite by suite against the openssl command line.
@Suite("Old protocols and key exchanges")
struct LegacyProtocolTests {
    let pki = TestPKI.shared

    func probe(_ port: UInt16, host: String? = nil) async throws -> ProbeResult {
        let options = ProbeOptions(deadline: .seconds(5), useSystemTrustStore: false)
        return try await ChainProber().probe(.loopback(host ?? pki.host, port: port), options: options).get()
    }

    @Test(
        "a server that speaks only TLS 1.1 or 1.0 is reachable and described; ATS names the exception key",
        arguments: [("-tls1_1", "TLSv1.1", "TLS 1.1"), ("-tls1", "TLSv1", "TLS 1.0")])
    func legacyOnly(_ flag: String, negotiated: String, spoken: String) async throws {
        let server = try await OpenSSLServer.start(
            .init(pki.good.leaf, chain: pki.good.intermediates), arguments: [flag, "-cipher", "DEFAULT:@SECLEVEL=0"])
        defer { server.stop() }
        let result = try await probe(server.port)
        #expect(result.connection.protocolVersion == negotiated)
        #expect(result.sentChain == pki.good.presented.map(\.der))
        #expect(result.connection.keyExchange == .ecdhe)
        let violation = try #require(result.connection.ats.violations.first { $0.rule == .minimumTLSVersion })
        #expect(violation.finding.hasPrefix("\(spoken) < 1.2"))
        let version = negotiated == "TLSv1" ? "TLSv1.0" : negotiated
        #expect(violation.exception == .minimumTLSVersion(version))
    }

    @Test("a TLS 1.2 server is not asked again with old versions: its handshake is one connection")
    func currentServerIsNotRetried() async throws {
        let server = try await OpenSSLServer.start(.init(pki.good.leaf, chain: pki.good.intermediates))
        defer { server.stop() }
        let result = try await probe(server.port)
        #expect(["TLSv1.2", "TLSv1.3"].contains(result.connection.protocolVersion))
        #expect(!result.connection.ats.failedRules.contains(.minimumTLSVersion))
    }

    @Test("DHE is named DHE, not RSA; ATS says no exception key allows it")
    func dheSuite() async throws {
        let (leaf, root) = try await OffPoolThread.run { () throws -> (LegacyCertificate, LegacyCertificate) in
            let root = try LegacyCertificate.root(commonName: "DHE Root", key: .rsa(bits: 2048))
            return (
                try LegacyCertificate.issued(commonName: "dhe.pinbench.test", key: .rsa(bits: 2048), by: root), root
            )
        }
        let server = try await OpenSSLServer.start(
            .init(certificatePEM: leaf.pem, keyPEM: leaf.keyPEM, chainPEM: [root.pem]),
            arguments: ["-tls1_2", "-cipher", "DHE-RSA-AES128-GCM-SHA256"])
        defer { server.stop() }
        let result = try await probe(server.port, host: "dhe.pinbench.test")
        #expect(result.connection.cipherSuite == "TLS_DHE_RSA_WITH_AES_128_GCM_SHA256")
        #expect(result.connection.keyExchange == .dhe)
        #expect(result.connection.keyExchange.isForwardSecret)
        let violation = try #require(result.connection.ats.violations.first { $0.rule == .forwardSecrecy })
        #expect(violation.finding.contains("DHE key exchange"))
        #expect(violation.exception == nil)
    }

    @Test("every suite OpenSSL can negotiate gets the key exchange `openssl ciphers -V` names, by OpenSSL and by name")
    func keyExchangeTable() async throws {
        let listing = try await OffPoolThread.run {
            String(decoding: try OpenSSLCLI.run(["ciphers", "-V", "ALL:@SECLEVEL=0"]), as: UTF8.self)
        }
        // openssl's Kx column, in its own words, to the probe's values.
        let expected: [String: KeyExchange] = [
            "ECDH": .ecdhe, "DH": .dhe, "RSA": .rsa, "PSK": .psk, "ECDHEPSK": .ecdhePSK, "DHEPSK": .dhePSK,
            "RSAPSK": .rsaPSK, "SRP": .srp, "any": .tls13, "GOST": .gost, "GOST18": .gost,
        ]
        var fromCLI: [String: String] = [:]
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5, let kx = fields.first(where: { $0.hasPrefix("Kx=") }) else { continue }
            fromCLI[String(fields[2])] = String(kx.dropFirst(3))
        }
        let suites = OpenSSLCipherSuites.all()
        #expect(fromCLI.count > 100)
        #expect(Set(suites.map(\.openSSLName)) == Set(fromCLI.keys))
        for suite in suites {
            let kx = try #require(fromCLI[suite.openSSLName])
            let want = try #require(expected[kx], "an openssl Kx the test does not know: \(kx)")
            #expect(suite.keyExchange == want, "\(suite.openSSLName): openssl says Kx=\(kx)")
            #expect(KeyExchange(suiteName: suite.openSSLName) == want, "by OpenSSL name: \(suite.openSSLName)")
            #expect(KeyExchange(suiteName: suite.standardName) == want, "by IANA name: \(suite.standardName)")
        }
    }
}
