import Foundation
import PinningCore
import TestSupport
import Testing
import X509

/// Key usage, extended key usage, basic constraints, AIA and CRL URLs, read from certificates the openssl command
/// line made, and compared with what `openssl x509 -text` prints for them.
@Suite("What a certificate says about its use")
struct CertificateUsageTests {
    @Test("a leaf with every extension: the values openssl wrote, and openssl's text agrees")
    func everyExtension() async throws {
        let (leaf, text) = try await OffPoolThread.run { () throws -> (LegacyCertificate, String) in
            let ca = try LegacyCertificate.root(commonName: "Usage CA", key: .ec(curve: "P-256"))
            let leaf = try LegacyCertificate.issued(
                subject: "/CN=usage.pinbench.test", key: .ec(curve: "P-256"), by: ca,
                extensions: [
                    "subjectAltName=DNS:usage.pinbench.test",
                    "keyUsage=critical,digitalSignature,keyAgreement",
                    "extendedKeyUsage=serverAuth,clientAuth",
                    "basicConstraints=critical,CA:FALSE",
                    "authorityInfoAccess=OCSP;URI:http://ocsp.pinbench.test/,caIssuers;URI:http://ca.pinbench.test/ca.der",
                    "crlDistributionPoints=URI:http://crl.pinbench.test/ca.crl",
                ])
            return (leaf, try OpenSSLCLI.text(certificatePEM: leaf.pem))
        }
        let usage = CertificateDetails(try Certificate(pemEncoded: leaf.pem)).usage
        #expect(usage.keyUsage == ["digitalSignature", "keyAgreement"])
        #expect(usage.extendedKeyUsage == ["serverAuth", "clientAuth"])
        #expect(usage.basicConstraints == "not a CA")
        #expect(usage.ocspResponders == ["http://ocsp.pinbench.test/"])
        #expect(usage.caIssuers == ["http://ca.pinbench.test/ca.der"])
        #expect(usage.crlDistributionPoints == ["http://crl.pinbench.test/ca.crl"])
        for url in usage.ocspResponders + usage.caIssuers + usage.crlDistributionPoints {
            #expect(text.contains(url), "openssl x509 -text shows \(url)")
        }
        #expect(text.contains("Digital Signature, Key Agreement"))
        #expect(text.contains("TLS Web Server Authentication, TLS Web Client Authentication"))
        #expect(
            OCSPRequestBuilder.responderURL(of: try Certificate(pemEncoded: leaf.pem)) == "http://ocsp.pinbench.test/")
        let labels = usage.labelledValues.map(\.label)
        #expect(labels == ["Key usage", "Ext. usage", "Constraint", "OCSP", "CA issuer", "CRL"])
    }

    @Test("a CA's path length; a certificate without the extensions shows none of them")
    func constraintsAndAbsence() async throws {
        let (root, bare) = try await OffPoolThread.run { () throws -> (LegacyCertificate, LegacyCertificate) in
            let root = try LegacyCertificate.root(commonName: "Constrained CA", key: .ec(curve: "P-256"))
            let bare = try LegacyCertificate.issued(
                subject: "/CN=bare.pinbench.test", key: .ec(curve: "P-256"), by: root, extensions: [])
            return (root, bare)
        }
        let rootUsage = CertificateDetails(try Certificate(pemEncoded: root.pem)).usage
        #expect(rootUsage.basicConstraints?.hasPrefix("CA") == true)
        #expect(rootUsage.keyUsage == ["keyCertSign", "cRLSign"])
        let bareUsage = CertificateDetails(try Certificate(pemEncoded: bare.pem)).usage
        #expect(bareUsage.keyUsage.isEmpty && bareUsage.extendedKeyUsage.isEmpty)
        #expect(bareUsage.crlDistributionPoints.isEmpty && bareUsage.ocspResponders.isEmpty)
        #expect(OCSPRequestBuilder.responderURL(of: try Certificate(pemEncoded: bare.pem)) == nil)
    }
}
