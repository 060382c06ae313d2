import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// Certificates swift-certificates refuses to parse (small RSA keys, unusual curves) are real: they are decoded,
/// shown and pinned from their DER, and the verdict rejects them with the reason, as TLS clients do.
/// Serialized: every case runs several openssl processes, on a 2-core machine shared with timing-sensitive tests.
@Suite("Certificates with keys the X.509 library refuses", .serialized)
struct RefusedKeyTests {
    static let keys: [(LegacyCertificate.Key, summary: String, refusal: String)] = [
        (.rsa(bits: 1024), "RSA 1024", "RSA key of 1024 bits; clients require at least 2048"),
        (
            .ec(curve: "secp256k1"), "EC secp256k1",
            "EC key on curve secp256k1; clients accept only P-256, P-384 and P-521"
        ),
        (.ec(curve: "brainpoolP256r1"), "EC brainpoolP256r1", "EC key on curve brainpoolP256r1; clients accept only"),
        (.ec(curve: "prime192v1"), "EC P-192", "EC key on curve P-192; clients accept only"),
    ]

    @Test("decoded, described and pinned from the DER; pins and fingerprints as openssl computes them", arguments: keys)
    func decodedAndPinned(key: LegacyCertificate.Key, summary: String, refusal: String) async throws {
        let (made, reference) = try await OffPoolThread.run {
            let root = try LegacyCertificate.root(
                commonName: "Refused Key Test Root", key: .ec(curve: "prime256v1"))
            let leaf = try LegacyCertificate.issued(
                subject: "/O=PinBench/CN=weak.pinbench.test", key: key, by: root,
                extensions: ["subjectAltName=DNS:weak.pinbench.test,IP:127.0.0.1"])
            let reference = (
                spki: try OpenSSLCLI.spkiPin(certificatePEM: leaf.pem),
                cert: try OpenSSLCLI.certPin(certificatePEM: leaf.pem),
                fingerprint: try OpenSSLCLI.x509Field(["-fingerprint", "-sha256"], certificatePEM: leaf.pem),
                serial: try OpenSSLCLI.x509Field(["-serial"], certificatePEM: leaf.pem)
            )
            return (leaf, reference)
        }
        let chain = try CertificateChainDecoder.decode(Data(made.pem.utf8), source: "weak.pem")
        let entry = try #require(chain.first)
        #expect(entry.certificate == nil, "swift-certificates is expected to refuse this key")
        #expect(entry.refusal?.hasPrefix(refusal) == true, "\(entry.refusal ?? "no refusal")")
        #expect(entry.der == made.der)
        let details = entry.details
        #expect(details.key.summary == summary)
        #expect(details.subject == "O=PinBench, CN=weak.pinbench.test")
        #expect(details.issuer == "CN=Refused Key Test Root")
        #expect(details.dnsNames == ["weak.pinbench.test"])
        #expect(details.ipAddresses == ["127.0.0.1"])
        #expect(details.signatureAlgorithm == "ecdsa-with-SHA256")
        #expect(details.spkiPin == reference.spki)
        #expect(details.certPin == reference.cert)
        #expect(details.sha256Fingerprint == reference.fingerprint)
        #expect(details.serialNumber.replacingOccurrences(of: ":", with: "").hasSuffix(reference.serial))
        // openssl reads the clock once for each date: a second may tick between them.
        #expect(abs(details.notAfter.timeIntervalSince(details.notBefore) - 30 * 86_400) <= 1)
    }

    @Test("the DER reader and swift-certificates agree on every certificate both can read")
    func readersAgree() async throws {
        let pki = TestPKI.shared
        var issued = [pki.root, pki.intermediate, pki.good.leaf, pki.expired.leaf, pki.selfSigned]
        issued += try await OffPoolThread.run {
            try [KeyKind.rsa(bits: 2048), .p384, .p521, .ed25519].map { kind in
                try CertificateIssuer.leaf(
                    commonName: "k.test", dnsNames: ["k.test"], ipAddresses: ["::1"], key: kind, issuer: nil)
            }
        }
        for certificate in issued {
            let fromDER = try CertificateDetails(derEncoded: certificate.der)
            #expect(fromDER == CertificateDetails(certificate.certificate), "\(fromDER.subject) \(fromDER.key.summary)")
        }
    }

    @Test("an RSA-1024 leaf is rejected with the reason, where openssl at auth level 2 agrees")
    func weakLeafVerdict() async throws {
        let host = "weak.pinbench.test"
        let (root, leaf, strict, lenient) = try await OffPoolThread.run {
            let root = try LegacyCertificate.root(commonName: "Weak Leaf Root", key: .ec(curve: "prime256v1"))
            let leaf = try LegacyCertificate.issued(
                subject: "/CN=\(host)", key: .rsa(bits: 1024), by: root, extensions: ["subjectAltName=DNS:\(host)"])
            let strict = try leaf.opensslVerify(anchor: root, host: host, arguments: ["-auth_level", "2"])
            let lenient = try leaf.opensslVerify(anchor: root, host: host, arguments: ["-auth_level", "0"])
            return (root, leaf, strict, lenient)
        }
        #expect(strict.status != 0 && strict.output.contains("key too weak"), "\(strict.output)")
        #expect(lenient.status == 0, "the chain is otherwise valid: \(lenient.output)")
        let anchors = try CertificateChainDecoder.decode(Data(root.pem.utf8), source: "root.pem").compactMap(
            \.certificate)
        let chain = try CertificateChainDecoder.decode(Data(leaf.pem.utf8), source: "leaf.pem")
        let validator = PinValidator(manifest: PinManifest(), trustAnchors: TrustAnchors(certificates: anchors))
        let verdict = await validator.validate(host: host, chain: chain, at: Date())
        #expect(verdict.outcome == .rejected)
        #expect(verdict.rejection == .unacceptableKey)
        #expect(verdict.statement.contains("RSA key of 1024 bits; clients require at least 2048"))
        #expect(verdict.certificates.first?.details.key.summary == "RSA 1024")
    }

    @Test("a refused intermediate is named when no path can be built without it")
    func weakIntermediateVerdict() async throws {
        let host = "mid.pinbench.test"
        let (root, intermediate, leaf) = try await OffPoolThread.run {
            let root = try LegacyCertificate.root(commonName: "Weak CA Root", key: .ec(curve: "prime256v1"))
            let intermediate = try LegacyCertificate.issued(
                subject: "/CN=Weak Intermediate", key: .rsa(bits: 1024), by: root,
                extensions: ["basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign"])
            let leaf = try LegacyCertificate.issued(
                subject: "/CN=\(host)", key: .ec(curve: "prime256v1"), by: intermediate,
                extensions: ["subjectAltName=DNS:\(host)"])
            return (root, intermediate, leaf)
        }
        let anchors = try CertificateChainDecoder.decode(Data(root.pem.utf8), source: "root.pem").compactMap(
            \.certificate)
        let chain = try CertificateChainDecoder.decode(Data((leaf.pem + intermediate.pem).utf8), source: "chain.pem")
        #expect(chain[0].certificate != nil && chain[1].certificate == nil)
        let verdict = await PinValidator(manifest: PinManifest(), trustAnchors: TrustAnchors(certificates: anchors))
            .validate(host: host, chain: chain, at: Date())
        #expect(verdict.rejection == .unacceptableKey)
        #expect(verdict.explanation.contains { $0.contains("level 1 (CN=Weak Intermediate): RSA key of 1024 bits") })
    }
}
