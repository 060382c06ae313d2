import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// The signature algorithm is named as `openssl x509 -text` names it, by both certificate readers.
@Suite("Signature algorithm names against openssl")
struct SignatureAlgorithmNameTests {
    /// Every key the lab issues with, and so every signature algorithm it signs with.
    static let labKeys: [KeyKind] = [.rsa(bits: 2048), .p256, .p384, .p521, .ed25519]

    @Test("each algorithm the lab signs with", arguments: labKeys)
    func labAlgorithms(kind: KeyKind) async throws {
        let (leaf, text) = try await OffPoolThread.run {
            let root = try CertificateIssuer.root(commonName: "Signing Root \(kind)", key: kind)
            let leaf = try CertificateIssuer.leaf(
                commonName: "sig.test", dnsNames: ["sig.test"], key: kind, issuer: root)
            return (leaf, try OpenSSLCLI.text(certificatePEM: leaf.pem))
        }
        let name = CertificateDetails(leaf.certificate).signatureAlgorithm
        #expect([name] == Self.signatureAlgorithms(inText: text))
        #expect(try CertificateDetails(derEncoded: leaf.der).signatureAlgorithm == name)
    }

    /// swift-certificates refuses a certificate signed with RSASSA-PSS; the DER reader still names the algorithm.
    @Test("an algorithm swift-certificates refuses (RSASSA-PSS, signed by openssl)")
    func refusedAlgorithm() async throws {
        let folder = TemporaryFolder()
        let pem = try await OffPoolThread.run {
            let output = try OpenSSLCLI.run([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder.path("key.pem"), "-subj",
                "/CN=pss.test", "-sigopt", "rsa_padding_mode:pss", "-sha256", "-days", "1",
            ])
            return String(decoding: output, as: UTF8.self)
        }
        let text = try OpenSSLCLI.text(certificatePEM: pem)
        let entry = try #require(try CertificateChainDecoder.decode(Data(pem.utf8), source: "pss.pem").first)
        #expect(entry.certificate == nil, "swift-certificates is expected to refuse this signature algorithm")
        #expect(entry.details.signatureAlgorithm == "rsassaPss")
        #expect([entry.details.signatureAlgorithm] == Self.signatureAlgorithms(inText: text))
    }

    /// The distinct names on openssl's "Signature Algorithm:" lines (the to-be-signed one and the outer one).
    private static func signatureAlgorithms(inText text: String) -> [String] {
        let prefix = "Signature Algorithm:"
        let names = text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(prefix) else { return nil }
            return trimmed.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
        }
        return Array(Set(names)).sorted()
    }
}
