import COpenSSL
import LabPKI
import OpenSSLSupport
import TestSupport
import Testing

/// The OpenSSL helpers the probe and the demo lab share: DER and PEM into OpenSSL objects and back, and failures that
/// carry OpenSSL's own reasons and leave its error queue empty.
@Suite("OpenSSL objects")
struct OpenSSLObjectsTests {
    let pki = TestPKI.shared

    @Test("a certificate goes from DER to an X509 and back unchanged, alone and as a stack")
    func derRoundTrip() throws {
        let chain = pki.good.full
        guard let stack = pb_sk_X509_new_null() else {
            Issue.record("OpenSSL could not allocate a stack")
            return
        }
        defer { pb_sk_X509_pop_free(stack) }
        for issued in chain {
            let certificate = try OpenSSLObjects.certificate(der: issued.der)
            #expect(try OpenSSLObjects.der(certificate) == issued.der)
            _ = pb_sk_X509_push(stack, certificate)  // the stack owns it from here
        }
        #expect(try OpenSSLObjects.ders(stack) == chain.map(\.der))
    }

    @Test("a PEM private key is read, and it is the key of its certificate")
    func privateKey() throws {
        let leaf = pki.good.leaf
        let key = try OpenSSLObjects.privateKey(pem: leaf.key.privateKeyPEM)
        defer { EVP_PKEY_free(key) }
        let certificate = try OpenSSLObjects.certificate(der: leaf.der)
        defer { X509_free(certificate) }
        #expect(X509_check_private_key(certificate, key) == 1)
    }

    @Test("bytes that are not a certificate or a key fail with OpenSSL's reasons, and the error queue is left empty")
    func failures() {
        #expect {
            try OpenSSLObjects.certificate(der: [0x30, 0x03, 0x02, 0x01])
        } throws: { error in
            let failure = error as! OpenSSLFailure
            return failure.operation == .parseCertificate && !failure.errors.entries.isEmpty
                && failure.description.hasPrefix("OpenSSL cannot parse a certificate: ")
                && !failure.description.hasSuffix("no detail from OpenSSL")
        }
        #expect(ERR_peek_error() == 0)
        #expect {
            try OpenSSLObjects.privateKey(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
        } throws: { error in
            (error as! OpenSSLFailure).operation == .readPrivateKey
        }
        #expect(ERR_peek_error() == 0)
    }

    @Test("an empty error queue says so rather than printing nothing")
    func emptyQueue() {
        ERR_clear_error()
        let errors = OpenSSLErrors.drain()
        #expect(errors.entries.isEmpty && errors.text == "no detail from OpenSSL" && errors.receivedAlert == nil)
    }
}
