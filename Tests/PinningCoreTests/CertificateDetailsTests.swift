import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// Pins, fingerprints and fields, each checked against the openssl command line.
@Suite("Certificate details against openssl")
struct CertificateDetailsTests {
    static let keyKinds: [KeyKind] = [.rsa(bits: 2048), .rsa(bits: 3072), .rsa(bits: 4096), .p256, .p384, .p521]

    /// Key generation (RSA 4096 takes seconds in a debug build) and the openssl runs happen off the cooperative
    /// pool, so these tests do not starve the suite's timing-sensitive network tests of its two threads.
    @Test("pins and fingerprints equal openssl's", arguments: keyKinds)
    func pinsMatchOpenSSL(kind: KeyKind) async throws {
        let comparisons = try await OffPoolThread.run {
            let root = try CertificateIssuer.root(commonName: "Root \(kind)", key: kind)
            let leaf = try CertificateIssuer.leaf(
                commonName: "pins.example.test",
                dnsNames: ["pins.example.test"],
                key: kind,
                issuer: root
            )
            return try [leaf, root].map { issued in
                let openssl = [
                    try OpenSSLCLI.spkiPin(certificatePEM: issued.pem),
                    try OpenSSLCLI.certPin(certificatePEM: issued.pem),
                    try OpenSSLCLI.x509Field(["-fingerprint", "-sha256"], certificatePEM: issued.pem),
                    try OpenSSLCLI.x509Field(["-fingerprint", "-sha1"], certificatePEM: issued.pem),
                ]
                return (CertificateDetails(issued.certificate), openssl)
            }
        }
        for (details, openssl) in comparisons {
            #expect(details.spkiPin == openssl[0])
            #expect(details.certPin == openssl[1])
            #expect(details.spkiPin.count == 44)
            #expect(details.sha256Fingerprint == openssl[2])
            #expect(details.sha1Fingerprint == openssl[3])
        }
    }

    @Test("key algorithm and size as openssl reports them", arguments: keyKinds)
    func keyDescription(kind: KeyKind) async throws {
        let (details, text) = try await OffPoolThread.run {
            let leaf = try CertificateIssuer.leaf(commonName: "k.test", dnsNames: ["k.test"], key: kind, issuer: nil)
            return (CertificateDetails(leaf.certificate), try OpenSSLCLI.text(certificatePEM: leaf.pem))
        }
        #expect(text.contains("Public-Key: (\(details.key.bits) bit)"))
        switch kind {
        case .rsa(let bits):
            #expect(details.key.summary == "RSA \(bits)")
        case .p256:
            #expect(details.key.summary == "EC P-256")
            #expect(text.contains("NIST CURVE: P-256"))
        case .p384:
            #expect(details.key.summary == "EC P-384")
            #expect(text.contains("NIST CURVE: P-384"))
        case .p521:
            #expect(details.key.summary == "EC P-521")
            #expect(text.contains("NIST CURVE: P-521"))
        case .ed25519:
            #expect(details.key.summary == "Ed25519")
        }
        #expect(text.contains("Signature Algorithm: \(details.signatureAlgorithm)"))
    }

    @Test("subject, issuer, serial, names and kind")
    func fields() throws {
        let root = try CertificateIssuer.root(commonName: "Fields Root", organization: "Fields Org")
        let leaf = try CertificateIssuer.leaf(
            commonName: "api.fields.test",
            dnsNames: ["api.fields.test", "*.fields.test"],
            ipAddresses: ["127.0.0.1", "::1"],
            issuer: root,
            notAfter: Date().addingTimeInterval(10.5 * 86_400),
            organization: "Fields Org"
        )
        let details = CertificateDetails(leaf.certificate)
        let opensslSubject = try OpenSSLCLI.x509Field(["-subject"], certificatePEM: leaf.pem)
        #expect(details.subject == opensslSubject.replacingOccurrences(of: " = ", with: "="))
        #expect(details.subject == "O=Fields Org, CN=api.fields.test")
        #expect(details.issuer == "O=Fields Org, CN=Fields Root")
        let serial = try OpenSSLCLI.x509Field(["-serial"], certificatePEM: leaf.pem)
        #expect(details.serialNumber.replacingOccurrences(of: ":", with: "") == serial)
        #expect(details.dnsNames == ["api.fields.test", "*.fields.test"])
        #expect(details.ipAddresses == ["127.0.0.1", "0:0:0:0:0:0:0:1"])
        #expect(details.daysLeft(at: Date()) == 10)
        #expect(!details.isCertificateAuthority)
        #expect(CertificateDetails(root.certificate).isCertificateAuthority)
        #expect(CertificateDetails(root.certificate).isSelfIssued)
        #expect(details.label(type: .spkiSHA256, level: 0) == "leaf key, CN=api.fields.test")
        #expect(
            CertificateDetails(root.certificate).label(type: .certSHA256, level: 2)
                == "root certificate, CN=Fields Root")
    }

    @Test("Ed25519 keys are described and pinned")
    func ed25519() throws {
        let leaf = try CertificateIssuer.leaf(commonName: "ed.test", dnsNames: ["ed.test"], key: .ed25519, issuer: nil)
        let details = CertificateDetails(leaf.certificate)
        #expect(details.key.summary == "Ed25519")
        #expect(details.spkiPin == (try OpenSSLCLI.spkiPin(certificatePEM: leaf.pem)))
    }

    @Test("certificate fields with escape sequences are neutralised for the terminal")
    func terminalSafety() throws {
        let hostile = "evil\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m\u{202E}txt"
        let leaf = try CertificateIssuer.leaf(commonName: hostile, dnsNames: ["x.test"], issuer: nil)
        let safe = CertificateDetails(leaf.certificate).subject.terminalSafe
        #expect(!safe.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) })
        #expect(safe.contains("evil\\u{1B}]0"))
        #expect("plain ASCII, ünïcode and 日本".terminalSafe == "plain ASCII, ünïcode and 日本")
    }
}
