import COpenSSL

/// The client settings the probes of a batch share: one OpenSSL `SSL_CTX`.
///
/// Creating a context makes OpenSSL 3 fetch every cipher, digest and group from its providers, about a tenth of a
/// loopback probe's CPU; a batch makes one and each probe only makes an `SSL` from it. @unchecked Sendable is safe:
/// nothing changes the context after init, and OpenSSL allows `SSL_new` from one context on many threads.
final class TLSClientContext: @unchecked Sendable {
    let context: OpaquePointer

    /// A TLS 1.2+ client context that verifies nothing itself: the chain is collected whatever it is, and judged
    /// later.
    init() throws(ProbeFailure) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw ProbeFailure.other(.setup, "OpenSSL could not create a TLS context: \(OpenSSLErrors.drain().text)")
        }
        self.context = context
        _ = pb_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
        // An inspector must see weak servers rather than refuse them: security level 0 lets small keys and SHA-1
        // certificates through the handshake so that the ATS and pin checks can name the weakness.
        SSL_CTX_set_security_level(context, 0)
        _ = SSL_CTX_set_cipher_list(context, "DEFAULT:@SECLEVEL=0")
        SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nil)
    }

    deinit { SSL_CTX_free(context) }
}
