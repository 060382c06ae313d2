import COpenSSL
import Foundation
import OpenSSLSupport

/// The anchors OpenSSL builds chains against: the probe's extra PEM files, plus the system store when asked.
///
/// @unchecked Sendable is safe: the store is only read once built, and OpenSSL locks an X509_STORE's lookups, so
/// the probes of a batch share one.
final class TrustStore: @unchecked Sendable {
    let store: OpaquePointer

    init(anchorPaths: [String], useSystemTrustStore: Bool) throws(ProbeFailure) {
        guard let store = X509_STORE_new() else {
            throw ProbeFailure.other(.setup, "OpenSSL could not allocate a certificate store")
        }
        self.store = store
        if useSystemTrustStore {
            _ = X509_STORE_set_default_paths(store)
        }
        for path in anchorPaths {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw ProbeFailure.invalidTarget("cannot read the trust anchor file \(path)")
            }
            ERR_clear_error()
            guard X509_STORE_load_file(store, path) == 1 else {
                let detail = OpenSSLErrors.drain().text
                throw ProbeFailure.invalidTarget("no PEM certificates in the trust anchor file \(path) (\(detail))")
            }
        }
    }

    deinit { X509_STORE_free(store) }

    /// Builds a path from the leaf (the first certificate of `sent`) to an anchor, with the other sent certificates
    /// as untrusted intermediates.
    ///
    /// Time is not checked (an expired chain still has a path; the core judges validity) and any certificate in the
    /// store counts as an anchor (partial chains), as the core's verifier treats its roots.
    func build(sent: OpaquePointer) -> (chain: [[UInt8]]?, problem: String?) {
        guard pb_sk_X509_num(sent) > 0, let leaf = pb_sk_X509_value(sent, 0) else {
            return (nil, "the server sent no certificate")
        }
        guard let context = X509_STORE_CTX_new() else { return (nil, "OpenSSL could not allocate a context") }
        defer { X509_STORE_CTX_free(context) }
        ERR_clear_error()
        guard X509_STORE_CTX_init(context, store, leaf, sent) == 1 else {
            return (nil, OpenSSLErrors.drain().text)
        }
        X509_STORE_CTX_set_flags(context, UInt(X509_V_FLAG_NO_CHECK_TIME | X509_V_FLAG_PARTIAL_CHAIN))
        let verified = X509_verify_cert(context) == 1
        defer { ERR_clear_error() }
        guard verified else {
            let code = X509_STORE_CTX_get_error(context)
            return (nil, String(cString: X509_verify_cert_error_string(Int(code))))
        }
        guard let chain = X509_STORE_CTX_get0_chain(context), let ders = try? OpenSSLObjects.ders(chain) else {
            return (nil, "OpenSSL verified the chain but could not encode it")
        }
        return (ders, nil)
    }
}
