import COpenSSL
import OpenSSLSupport

/// Re-signs a certificate with a SHA-1 signature, for the `weak` scenario: OpenSSL still can, swift-certificates
/// (rightly) will not.
enum SHA1Signer {
    static func resign(_ der: [UInt8], issuerKeyPEM: String) throws -> [UInt8] {
        let certificate = try OpenSSLObjects.certificate(der: der)
        defer { X509_free(certificate) }
        let key = try OpenSSLObjects.privateKey(pem: issuerKeyPEM)
        defer { EVP_PKEY_free(key) }
        guard X509_sign(certificate, key, EVP_sha1()) > 0 else {
            throw DemoLabError("OpenSSL could not sign with SHA-1: \(OpenSSLErrors.drain().text)")
        }
        return try OpenSSLObjects.der(certificate)
    }
}
