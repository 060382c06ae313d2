import COpenSSL
import OpenSSLSupport

/// What the lab presents for one SNI name: leaf, private key and intermediates as OpenSSL objects, plus the
/// handshake tweaks of the scenario.
final class ServerIdentity: @unchecked Sendable {
    // @unchecked Sendable is safe: the OpenSSL objects are created in init, only read afterwards (OpenSSL takes
    // its own references atomically when a connection uses them), and freed in deinit once no connection remains.
    let scenario: LabScenario
    let host: String
    let leaf: OpaquePointer
    let key: OpaquePointer
    let chain: OpaquePointer
    /// The OCSP response to staple, if any.
    let staple: [UInt8]?

    init(_ entry: ScenarioCatalog.Entry) throws {
        scenario = entry.kind
        host = entry.host
        staple = entry.staple
        leaf = try OpenSSLObjects.certificate(der: entry.served[0])
        do {
            key = try OpenSSLObjects.privateKey(pem: entry.leafKeyPEM)
        } catch {
            X509_free(leaf)
            throw error
        }
        guard let stack = pb_sk_X509_new_null() else {
            X509_free(leaf)
            EVP_PKEY_free(key)
            throw DemoLabError("OpenSSL could not allocate a certificate stack")
        }
        chain = stack
        for der in entry.served.dropFirst() {
            let certificate = try OpenSSLObjects.certificate(der: der)
            _ = pb_sk_X509_push(chain, certificate)  // the stack owns it from here
        }
    }

    deinit {
        X509_free(leaf)
        EVP_PKEY_free(key)
        pb_sk_X509_pop_free(chain)
    }

    /// Installs this identity on a connection from the ClientHello callback (before the version is chosen, so
    /// the `weak` scenario can still cap it at TLS 1.2 and offer only RSA key exchange, and `tls11` speak only
    /// TLS 1.1).
    func install(on ssl: OpaquePointer) -> Bool {
        if scenario == .weak {
            // Security level 0 first: at the default level OpenSSL refuses to serve a SHA-1 signed leaf.
            SSL_set_security_level(ssl, 0)
            guard pb_SSL_set_max_proto_version(ssl, TLS1_2_VERSION) == 1,
                SSL_set_cipher_list(ssl, "AES256-GCM-SHA384:AES128-SHA256:@SECLEVEL=0") == 1
            else { return false }
        }
        if scenario == .tls11 {
            // OpenSSL 3 allows TLS 1.1 only at security level 0; the version is pinned both ways, so a client that
            // offers only TLS 1.2 and 1.3 gets a protocol_version alert, as from a real old server.
            SSL_set_security_level(ssl, 0)
            guard pb_SSL_set_min_proto_version(ssl, TLS1_1_VERSION) == 1,
                pb_SSL_set_max_proto_version(ssl, TLS1_1_VERSION) == 1,
                SSL_set_cipher_list(ssl, "DEFAULT:@SECLEVEL=0") == 1
            else { return false }
        }
        guard SSL_use_cert_and_key(ssl, leaf, key, chain, 1) == 1 else { return false }
        if let staple {
            // Sent only when the client asks for a status (the context's status callback acknowledges it).
            guard staple.withUnsafeBufferPointer({ pb_SSL_staple_ocsp(ssl, $0.baseAddress, $0.count) }) == 1 else {
                return false
            }
        }
        return true
    }
}
