import Foundation
import LabPKI
import SwiftASN1
import TestSupport
import Testing
import X509

/// The lab's hierarchies are real PKI, judged by an implementation that is not ours: `openssl verify` accepts each
/// key kind's root, intermediate and leaf as a TLS server chain for the leaf's names and refuses it for another name,
/// under another root or out of date; each private key's PEM is the key its certificate carries.
@Suite("Lab PKI: issued hierarchies under openssl")
struct CertificateIssuerTests {
    static let kinds: [KeyKind] = [.rsa(bits: 2048), .p256, .p384, .p521, .ed25519]
    static let host = "lab.pinbench.test"
    let folder = TemporaryFolder()

    /// `openssl verify` of `leaf` over `intermediate` to `root`, with `options` (a name or an address to check).
    func verify(
        _ leaf: IssuedCertificate, _ intermediate: IssuedCertificate, _ root: IssuedCertificate, _ options: [String]
    ) throws -> ProcessRunner.Result {
        let files = [("root.pem", root), ("intermediate.pem", intermediate), ("leaf.pem", leaf)].map {
            folder.write($0.0, $0.1.pem)
        }
        return try ProcessRunner.run(
            "/usr/bin/openssl",
            ["verify", "-CAfile", files[0], "-untrusted", files[1], "-purpose", "sslserver"] + options + [files[2]])
    }

    @Test(
        "root, intermediate and leaf verify as a server chain for the leaf's name, and not for another",
        arguments: kinds)
    func hierarchyVerifies(kind: KeyKind) throws {
        let root = try CertificateIssuer.root(commonName: "Lab Test Root", key: kind)
        let intermediate = try CertificateIssuer.intermediate(commonName: "Lab Test CA", key: kind, issuer: root)
        let leaf = try CertificateIssuer.leaf(
            commonName: Self.host, dnsNames: [Self.host], key: kind, issuer: intermediate)
        let accepted = try verify(leaf, intermediate, root, ["-verify_hostname", Self.host])
        #expect(accepted.status == 0, "\(accepted.stdoutText)\(accepted.stderrText)")
        #expect(accepted.stdoutText.hasSuffix("leaf.pem: OK\n"), "\(accepted.stdoutText)")
        let otherName = try verify(leaf, intermediate, root, ["-verify_hostname", "other.pinbench.test"])
        #expect(otherName.status != 0)
        #expect(otherName.stderrText.contains("hostname mismatch"), "\(otherName.stderrText)")
    }

    @Test("a leaf under another root with the same names, and a leaf out of date, are refused")
    func refusals() throws {
        let root = try CertificateIssuer.root(commonName: "Lab Test Root")
        let intermediate = try CertificateIssuer.intermediate(commonName: "Lab Test CA", issuer: root)
        let otherRoot = try CertificateIssuer.root(commonName: "Lab Test Root")
        let otherIntermediate = try CertificateIssuer.intermediate(commonName: "Lab Test CA", issuer: otherRoot)
        let impostor = try CertificateIssuer.leaf(
            commonName: Self.host, dnsNames: [Self.host], issuer: otherIntermediate)
        let untrusted = try verify(impostor, otherIntermediate, root, [])
        #expect(untrusted.status != 0)
        #expect(untrusted.stderrText.contains("unable to get local issuer certificate"), "\(untrusted.stderrText)")
        let expired = try CertificateIssuer.leaf(
            commonName: Self.host, dnsNames: [Self.host], issuer: intermediate,
            notBefore: Date().addingTimeInterval(-30 * 86_400), notAfter: Date().addingTimeInterval(-86_400))
        let outOfDate = try verify(expired, intermediate, root, [])
        #expect(outOfDate.status != 0)
        #expect(outOfDate.stderrText.contains("certificate has expired"), "\(outOfDate.stderrText)")
    }

    @Test("each key kind's private key PEM is the key of its certificate, as openssl reads both", arguments: kinds)
    func privateKeyMatches(kind: KeyKind) throws {
        let issued = try CertificateIssuer.leaf(
            commonName: Self.host, dnsNames: [Self.host], key: kind, issuer: nil)
        let fromKey = try OpenSSLCLI.run(
            ["pkey", "-pubout", "-outform", "DER"], input: Data(issued.key.privateKeyPEM.utf8))
        let publicKey = try OpenSSLCLI.run(["x509", "-pubkey", "-noout"], input: Data(issued.pem.utf8))
        let fromCertificate = try OpenSSLCLI.run(["pkey", "-pubin", "-outform", "DER"], input: publicKey)
        #expect(!fromKey.isEmpty)
        #expect(fromKey == fromCertificate)
        var serializer = DER.Serializer()
        try serializer.serialize(issued.certificate.publicKey)
        #expect(Array(fromKey) == serializer.serializedBytes, "the SPKI swift-certificates holds")
    }

    @Test("IP address names verify for their address only; text that is no address is refused when issuing")
    func ipAddresses() throws {
        let root = try CertificateIssuer.root(commonName: "Lab Test Root")
        let intermediate = try CertificateIssuer.intermediate(commonName: "Lab Test CA", issuer: root)
        let leaf = try CertificateIssuer.leaf(
            commonName: "loopback", dnsNames: [], ipAddresses: ["127.0.0.1", "::1"], issuer: intermediate)
        for address in ["127.0.0.1", "::1"] {
            let result = try verify(leaf, intermediate, root, ["-verify_ip", address])
            #expect(result.status == 0, "\(address): \(result.stderrText)")
        }
        let other = try verify(leaf, intermediate, root, ["-verify_ip", "127.0.0.2"])
        #expect(other.status != 0)
        #expect(other.stderrText.contains("IP address mismatch"), "\(other.stderrText)")
        #expect(throws: LabPKIError.self) {
            try CertificateIssuer.leaf(
                commonName: "bad", dnsNames: [], ipAddresses: ["127.0.0.1:443"], issuer: intermediate)
        }
    }

    @Test("every serial is 20 bytes, its first byte neither zero nor with the high bit set, as openssl prints it")
    func serials() throws {
        let root = try CertificateIssuer.root(commonName: "Lab Test Root")
        for index in 0..<16 {
            let leaf = try CertificateIssuer.leaf(
                commonName: "s\(index).test", dnsNames: ["s\(index).test"], issuer: root)
            let serial = try OpenSSLCLI.x509Field(["-serial"], certificatePEM: leaf.pem)
            #expect(serial.count == 40, "\(serial)")
            let first = try #require(UInt8(serial.prefix(2), radix: 16))
            #expect((0x01...0x7F).contains(first), "\(serial)")
        }
    }

    @Test("a reissued certificate keeps serial, key and names, gains the extension, and still verifies")
    func reissue() throws {
        let root = try CertificateIssuer.root(commonName: "Lab Test Root")
        let intermediate = try CertificateIssuer.intermediate(commonName: "Lab Test CA", issuer: root)
        let leaf = try CertificateIssuer.leaf(commonName: Self.host, dnsNames: [Self.host], issuer: intermediate)
        let oid: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 55555, 1]
        let extra = Certificate.Extension(oid: oid, critical: false, value: [0x05, 0x00])
        let reissued = try CertificateIssuer.reissue(leaf, appending: extra, issuer: intermediate)
        #expect(reissued.certificate.serialNumber == leaf.certificate.serialNumber)
        #expect(reissued.certificate.publicKey == leaf.certificate.publicKey)
        #expect(reissued.certificate.extensions.count == leaf.certificate.extensions.count + 1)
        #expect(reissued.certificate.extensions[oid: oid] == extra)
        #expect(reissued.der != leaf.der)
        let result = try verify(reissued, intermediate, root, ["-verify_hostname", Self.host])
        #expect(result.status == 0, "\(result.stderrText)")
    }
}
