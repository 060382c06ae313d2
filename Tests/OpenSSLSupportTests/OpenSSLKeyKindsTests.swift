import COpenSSL
import LabPKI
import OpenSSLSupport
import Testing

/// Every key kind the lab issues goes into OpenSSL through these helpers, as the demo lab's servers load them: the
/// key from its PEM and the certificate from its DER are one pair, and a key of another certificate is not.
@Suite("OpenSSL objects: every lab key kind")
struct OpenSSLKeyKindsTests {
    static let kinds: [KeyKind] = [.rsa(bits: 2048), .p256, .p384, .p521, .ed25519]

    @Test("the PEM key and the DER certificate load and belong together; another key does not match", arguments: kinds)
    func keyMatchesCertificate(kind: KeyKind) throws {
        let issued = try CertificateIssuer.leaf(commonName: "key.pinbench.test", dnsNames: [], key: kind, issuer: nil)
        let other = try LabKey(kind)
        let certificate = try OpenSSLObjects.certificate(der: issued.der)
        defer { X509_free(certificate) }
        let key = try OpenSSLObjects.privateKey(pem: issued.key.privateKeyPEM)
        defer { EVP_PKEY_free(key) }
        let otherKey = try OpenSSLObjects.privateKey(pem: other.privateKeyPEM)
        defer { EVP_PKEY_free(otherKey) }
        #expect(X509_check_private_key(certificate, key) == 1)
        #expect(X509_check_private_key(certificate, otherKey) != 1)
        ERR_clear_error()  // the failed check leaves its reason queued
        #expect(try OpenSSLObjects.der(certificate) == issued.der)
    }
}
