import COpenSSL
import OpenSSLSupport

/// The client settings the probes of a batch share: one OpenSSL `SSL_CTX`.
///
/// Creating a context makes OpenSSL 3 fetch every cipher, digest and group from its providers, about a tenth of a
/// loopback probe's CPU; a batch makes one and each probe only makes an `SSL` from it. @unchecked Sendable is safe:
/// nothing changes the context after init, and OpenSSL allows `SSL_new` from one context on many threads.
final class TLSClientContext: @unchecked Sendable {
    let context: OpaquePointer

    /// Which protocol versions a context offers.
    enum Versions {
        /// TLS 1.2 and 1.3: what every probe offers first.
        case current
        /// TLS 1.0 and 1.1 only, offered only after a server refused ``current``, to describe such a server (its
        /// chain, and ATS's "TLS 1.1 < 1.2") rather than call it unreachable. Never used to decide trust.
        case legacy
    }

    /// A client context that verifies nothing itself: the chain is collected whatever it is, and judged later.
    init(_ versions: Versions = .current) throws(ProbeFailure) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw ProbeFailure.other(.setup, "OpenSSL could not create a TLS context: \(OpenSSLErrors.drain().text)")
        }
        self.context = context
        switch versions {
        case .current:
            _ = pb_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
        case .legacy:
            _ = pb_SSL_CTX_set_min_proto_version(context, TLS1_VERSION)
            _ = pb_SSL_CTX_set_max_proto_version(context, TLS1_1_VERSION)
        }
        // An inspector must see weak servers rather than refuse them: security level 0 lets small keys, SHA-1
        // certificates and (OpenSSL 3) TLS 1.0 and 1.1 through the handshake so that the ATS and pin checks can
        // name the weakness.
        SSL_CTX_set_security_level(context, 0)
        _ = SSL_CTX_set_cipher_list(context, "DEFAULT:@SECLEVEL=0")
        SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nil)
        // With SSL_VERIFY_NONE libssl still runs X509_verify_cert on every server chain, only to ignore the result
        // (about 2 % of a scan's CPU). Nothing reads that result: PinningCore judges the chain, and `TrustStore`
        // builds OpenSSL's path when asked. This callback takes its place and answers "not verified" without
        // looking, so the result reads as a failure and a later SSL_VERIFY_PEER would fail closed. The handshake's
        // proof that the server holds the leaf's key (TLS 1.3 CertificateVerify; in TLS 1.2 the signed key
        // exchange, or the Finished message after RSA key exchange) does not depend on it.
        SSL_CTX_set_cert_verify_callback(
            context,
            { storeContext, _ in
                X509_STORE_CTX_set_error(storeContext, X509_V_ERR_APPLICATION_VERIFICATION)
                return 0
            }, nil)
        // A probe's read and write buffers (about 34 KB) are freed whenever they are empty rather than kept for the
        // life of the connection: with 32 handshakes in flight, a 500-host `check` peaked 0.7 to 0.9 MiB lower, in
        // the same time within the noise (BENCHMARKS.md). nginx sets the same mode.
        _ = pb_SSL_CTX_release_buffers(context)
    }

    deinit { SSL_CTX_free(context) }
}
