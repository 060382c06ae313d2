import COpenSSL
import ConnectionAudit
import PinningCore

extension KeyExchange {
    /// The key exchange OpenSSL names for a cipher suite (`SSL_CIPHER_get_kx_nid`).
    init(openSSLKeyExchangeNID nid: Int32) {
        switch nid {
        case NID_kx_ecdhe: self = .ecdhe
        case NID_kx_dhe: self = .dhe
        case NID_kx_rsa: self = .rsa
        case NID_kx_psk: self = .psk
        case NID_kx_ecdhe_psk: self = .ecdhePSK
        case NID_kx_dhe_psk: self = .dhePSK
        case NID_kx_rsa_psk: self = .rsaPSK
        case NID_kx_srp: self = .srp
        case NID_kx_gost, NID_kx_gost18: self = .gost
        case NID_kx_any: self = .tls13
        default: self = .unknown
        }
    }
}

/// The cipher suites this OpenSSL can negotiate, each with the key exchange the probe reports for it: what a test
/// compares with `openssl ciphers -V`, so the names shown for a live connection agree with OpenSSL's own.
public enum OpenSSLCipherSuites {
    public struct Suite: Hashable, Sendable {
        /// OpenSSL's name, e.g. "DHE-RSA-AES128-GCM-SHA256".
        public let openSSLName: String
        /// The IANA name, e.g. "TLS_DHE_RSA_WITH_AES_128_GCM_SHA256".
        public let standardName: String
        public let keyExchange: KeyExchange
    }

    /// Every suite of an OpenSSL cipher list (default: all of them, security level 0) and the TLS 1.3 suites.
    public static func all(cipherList: String = "ALL:@SECLEVEL=0") -> [Suite] {
        guard let context = SSL_CTX_new(TLS_method()) else { return [] }
        defer { SSL_CTX_free(context) }
        SSL_CTX_set_security_level(context, 0)
        guard SSL_CTX_set_cipher_list(context, cipherList) == 1, let list = SSL_CTX_get_ciphers(context) else {
            ERR_clear_error()
            return []
        }
        return (0..<pb_sk_SSL_CIPHER_num(list)).compactMap { index in
            guard let cipher = pb_sk_SSL_CIPHER_value(list, index) else { return nil }
            let name = String(cString: SSL_CIPHER_get_name(cipher))
            return Suite(
                openSSLName: name, standardName: SSL_CIPHER_standard_name(cipher).map { String(cString: $0) } ?? name,
                keyExchange: KeyExchange(openSSLKeyExchangeNID: SSL_CIPHER_get_kx_nid(cipher)))
        }
    }
}
