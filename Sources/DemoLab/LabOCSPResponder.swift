import COpenSSL
import Foundation
import OpenSSLSupport

/// The lab's OCSP responder: responses about its own leaves, signed by the lab intermediate with OpenSSL's OCSP
/// API (independent of the core's reader, which the lab's scenarios then exercise). They are stapled, not served.
enum LabOCSPResponder {
    enum Status {
        case good
        /// Revoked `ago` before now, for keyCompromise.
        case revoked(ago: TimeInterval)
    }

    /// A successful OCSP response about `leaf`, valid from an hour ago for seven days.
    static func response(
        leaf leafDER: [UInt8], issuer issuerDER: [UInt8], issuerKeyPEM: String, status: Status
    )
        throws -> [UInt8]
    {
        let leaf = try OpenSSLObjects.certificate(der: leafDER)
        defer { X509_free(leaf) }
        let issuer = try OpenSSLObjects.certificate(der: issuerDER)
        defer { X509_free(issuer) }
        let key = try OpenSSLObjects.privateKey(pem: issuerKeyPEM)
        defer { EVP_PKEY_free(key) }
        guard let id = OCSP_cert_to_id(EVP_sha1(), leaf, issuer), let basic = OCSP_BASICRESP_new() else {
            throw DemoLabError("OpenSSL could not start an OCSP response: \(OpenSSLErrors.drain().text)")
        }
        defer {
            OCSP_CERTID_free(id)
            OCSP_BASICRESP_free(basic)
        }
        let thisUpdate = X509_gmtime_adj(nil, -3600)
        let nextUpdate = X509_gmtime_adj(nil, 7 * 86_400)
        var revokedAt: UnsafeMutablePointer<ASN1_TIME>?
        defer {
            ASN1_TIME_free(thisUpdate)
            ASN1_TIME_free(nextUpdate)
            ASN1_TIME_free(revokedAt)
        }
        let added: OpaquePointer?
        switch status {
        case .good:
            added = OCSP_basic_add1_status(basic, id, V_OCSP_CERTSTATUS_GOOD, 0, nil, thisUpdate, nextUpdate)
        case .revoked(let ago):
            revokedAt = X509_gmtime_adj(nil, -Int(ago))
            added = OCSP_basic_add1_status(
                basic, id, V_OCSP_CERTSTATUS_REVOKED, OCSP_REVOKED_STATUS_KEYCOMPROMISE, revokedAt, thisUpdate,
                nextUpdate)
        }
        guard added != nil, OCSP_basic_sign(basic, issuer, key, EVP_sha256(), nil, UInt(OCSP_NOCERTS)) == 1,
            let response = OCSP_response_create(OCSP_RESPONSE_STATUS_SUCCESSFUL, basic)
        else { throw DemoLabError("OpenSSL could not sign an OCSP response: \(OpenSSLErrors.drain().text)") }
        defer { OCSP_RESPONSE_free(response) }
        var bytes: UnsafeMutablePointer<UInt8>?
        let length = i2d_OCSP_RESPONSE(response, &bytes)
        guard length > 0, let bytes else { throw DemoLabError("OpenSSL could not encode an OCSP response") }
        defer { pb_OPENSSL_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
    }
}
