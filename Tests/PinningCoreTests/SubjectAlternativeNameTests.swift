import Foundation
import PinningCore
import TestSupport
import Testing

/// Host names come from subject alternative names only, as iOS, Android (OkHttp) and browsers decide: a leaf that
/// names its host only in the subject CN is valid for no host, and neither is a CN wildcard.
/// Serialized: every case runs several openssl processes, on a 2-core machine shared with timing-sensitive tests.
@Suite("Host names from subject alternative names only", .serialized)
struct SubjectAlternativeNameTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let subject: String
        let extensions: [String]
        let host: String
        let accepted: Bool
        var testDescription: String { "\(subject) \(extensions) for \(host)" }
    }

    static let cases: [Case] = [
        Case(subject: "/CN=cn.pinbench.test", extensions: [], host: "cn.pinbench.test", accepted: false),
        Case(subject: "/CN=*.pinbench.test", extensions: [], host: "api.pinbench.test", accepted: false),
        Case(
            subject: "/CN=cn.pinbench.test", extensions: ["subjectAltName=DNS:cn.pinbench.test"],
            host: "cn.pinbench.test", accepted: true),
        Case(
            subject: "/CN=other", extensions: ["subjectAltName=DNS:*.pinbench.test"], host: "api.pinbench.test",
            accepted: true),
        Case(
            subject: "/CN=api.pinbench.test", extensions: ["subjectAltName=DNS:www.pinbench.test"],
            host: "api.pinbench.test", accepted: false),
    ]

    @Test(
        "verdicts against openssl verify -verify_hostname (which falls back to the CN, where clients do not)",
        arguments: cases)
    func verdicts(_ example: Case) async throws {
        let (root, leaf, openssl) = try await OffPoolThread.run {
            let root = try LegacyCertificate.root(commonName: "SAN Test Root", key: .ec(curve: "prime256v1"))
            // serverAuth on every leaf: iOS requires it, and the case is about names only.
            let leaf = try LegacyCertificate.issued(
                subject: example.subject, key: .ec(curve: "prime256v1"), by: root,
                extensions: example.extensions + ["extendedKeyUsage=serverAuth"])
            return (root, leaf, try leaf.opensslVerify(anchor: root, host: example.host))
        }
        let anchors = try CertificateChainDecoder.decode(Data(root.pem.utf8), source: "root.pem").compactMap(
            \.certificate)
        let chain = try CertificateChainDecoder.decode(Data(leaf.pem.utf8), source: "leaf.pem")
        let verdict = await PinValidator(manifest: PinManifest(), trustAnchors: TrustAnchors(certificates: anchors))
            .validate(host: example.host, chain: chain, at: Date())
        if example.accepted {
            #expect(verdict.outcome == .notPinned, "\(verdict.report)")
            #expect(openssl.status == 0, "\(openssl.output)")
        } else {
            #expect(verdict.rejection == .hostnameMismatch, "\(verdict.report)")
        }
        if example.extensions.isEmpty {
            // openssl accepts these through its CN fallback: the chain is otherwise valid, and the SAN rule alone
            // decides (the reason says so).
            #expect(openssl.status == 0, "\(openssl.output)")
            #expect(verdict.explanation.contains { $0.contains("no subject alternative name") }, "\(verdict.report)")
        } else if !example.accepted {
            #expect(openssl.status != 0, "openssl rejects a SAN that does not match: \(openssl.output)")
        }
    }
}
