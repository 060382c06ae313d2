import ClientModels
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing
import X509

/// Each client model decides default trust by its client's rules (``ClientModel/trust``), not by PinBench's platform
/// profile: the trust edges where real curl 7.88 and OkHttp 3.13 accept what PinBench refuses, and the reverse. The
/// real clients decide the same chains in Tests/CLITests/ClientAgreementTests.swift.
@Suite("Client trust rules")
struct ClientTrustTests {
    let pki = Fixtures.pki

    struct Edge: CustomStringConvertible, Sendable {
        let description: String
        let host: String
        let curl: ClientVerdict.Outcome
        let okhttp: ClientVerdict.Outcome
        let profile: @Sendable (inout EdgeCertificate.Profile) -> Void
    }

    static let host = TestPKI.shared.host

    /// Leaves PinBench's platform profile (and the iOS clients) refuse; what curl and OkHttp do with them, pinned on
    /// their own key.
    static let edges: [Edge] = [
        Edge(description: "no EKU", host: host, curl: .accepted, okhttp: .accepted) { $0.extendedKeyUsage = nil },
        Edge(description: "CA:TRUE leaf", host: host, curl: .accepted, okhttp: .accepted) { $0.isCA = true },
        Edge(description: "CN only", host: host, curl: .accepted, okhttp: .rejected) { $0.dnsNames = [] },
        Edge(description: "*.co.uk", host: "shop.co.uk", curl: .accepted, okhttp: .accepted) {
            $0.dnsNames = ["*.co.uk"]
        },
        Edge(description: "*.com", host: "pinbenchtest.com", curl: .rejected, okhttp: .accepted) {
            $0.dnsNames = ["*.com"]
        },
        Edge(description: "anyExtendedKeyUsage only", host: host, curl: .rejected, okhttp: .accepted) {
            $0.extendedKeyUsage = [.any]
        },
        Edge(description: "keyCertSign on a non-CA leaf", host: host, curl: .accepted, okhttp: .accepted) {
            $0.keyUsage = KeyUsage(digitalSignature: true, keyCertSign: true)
        },
    ]

    func judge(_ edge: Edge) async throws -> (Verdict, [PinClient: ClientVerdict]) {
        var profile = EdgeCertificate.Profile(commonName: edge.host)
        profile.dnsNames = [edge.host]
        edge.profile(&profile)
        let leaf = try EdgeCertificate.issue(profile, issuer: pki.intermediate)
        let pins = [Fixtures.pin(Fixtures.spki(leaf)), Fixtures.pin(Fixtures.unrelatedPin, role: .backup)]
        let manifest = Fixtures.manifest(DomainPolicy(host: edge.host, pins: pins))
        let served = [leaf, pki.intermediate].map { ChainCertificate($0.certificate) }
        let validator = Fixtures.validator(manifest)
        let verdict = await validator.validate(host: edge.host, chain: served, at: Date())
        let all = await ClientJudge.judgeAll(
            PinClient.allCases, host: edge.host, manifest: manifest, verdict: verdict, chain: served,
            validator: validator, at: Date())
        return (verdict, Dictionary(uniqueKeysWithValues: all.map { ($0.client, $0) }))
    }

    @Test(
        "curl and OkHttp 3 decide each edge by their own rules; PinBench and the iOS clients refuse it",
        arguments: edges)
    func edge(_ edge: Edge) async throws {
        let (verdict, clients) = try await judge(edge)
        #expect(verdict.outcome == .rejected, "\(verdict.report)")
        #expect(clients[.curl]?.outcome == edge.curl, "\(clients[.curl]?.reason ?? "")")
        #expect(clients[.okhttp3]?.outcome == edge.okhttp, "\(clients[.okhttp3]?.reason ?? "")")
        #expect(clients[.okhttp]?.outcome == edge.okhttp)
        #expect(clients[.trustkit]?.outcome == .rejected)
        #expect(clients[.urlsession]?.outcome == .rejected)
        if edge.curl == .accepted { #expect(clients[.curl]?.matchedLevel == 0) }
    }

    @Test("a refusal quotes the client's own words")
    func words() async throws {
        let (_, anyEKU) = try await judge(Self.edges[5])
        #expect(anyEKU[.curl]?.clientMessage == "curl: (60) SSL certificate problem: unsuitable certificate purpose")
        let (_, comWildcard) = try await judge(Self.edges[4])
        #expect(
            comWildcard[.curl]?.clientMessage
                == "curl: (60) SSL: no alternative certificate subject name matches target host name 'pinbenchtest.com'"
        )
        let (_, cnOnly) = try await judge(Self.edges[2])
        #expect(cnOnly[.okhttp3]?.clientMessage == "SSLPeerUnverifiedException: Hostname \(Self.host) not verified")
        // The iOS clients quote nothing they cannot be checked against here.
        #expect(cnOnly[.trustkit]?.clientMessage == nil)
    }

    @Test("a key usage without digitalSignature: OkHttp on the JVM refuses what PinBench and curl accept")
    func keyAgreementOnly() async throws {
        let edge = Edge(description: "keyAgreement only", host: Self.host, curl: .accepted, okhttp: .rejected) {
            $0.keyUsage = KeyUsage(keyAgreement: true)
        }
        let (verdict, clients) = try await judge(edge)
        #expect(verdict.outcome == .accepted, "\(verdict.report)")
        #expect(clients[.curl]?.outcome == .accepted)
        #expect(clients[.okhttp3]?.outcome == .rejected)
        #expect(clients[.okhttp3]?.clientMessage == "SSLHandshakeException: KeyUsage does not allow digital signatures")
    }
}
