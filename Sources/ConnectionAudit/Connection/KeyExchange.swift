/// How a TLS connection agreed on its keys, from the negotiated cipher suite.
///
/// ATS and every reviewer ask whether the key exchange was ephemeral (forward secret): ECDHE, DHE and every TLS 1.3
/// suite are; plain RSA and plain PSK are not. The probe reads it from OpenSSL's suite description
/// (`SSL_CIPHER_get_kx_nid`); a suite known only by name is read from its IANA name.
public enum KeyExchange: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case ecdhe
    case dhe
    case rsa
    case psk
    case ecdhePSK = "ecdhe-psk"
    case dhePSK = "dhe-psk"
    case rsaPSK = "rsa-psk"
    case srp
    case gost
    /// TLS 1.3: the suite does not name the key exchange; it is (EC)DHE through the key share, optionally with PSK.
    case tls13 = "tls1.3"
    case unknown

    /// Whether a recorded session can no longer be decrypted once the server's long-term key leaks.
    public var isForwardSecret: Bool {
        switch self {
        case .ecdhe, .dhe, .ecdhePSK, .dhePSK, .tls13: return true
        case .rsa, .psk, .rsaPSK, .srp, .gost, .unknown: return false
        }
    }

    public var description: String {
        switch self {
        case .ecdhe: return "ECDHE"
        case .dhe: return "DHE"
        case .rsa: return "RSA"
        case .psk: return "PSK"
        case .ecdhePSK: return "ECDHE-PSK"
        case .dhePSK: return "DHE-PSK"
        case .rsaPSK: return "RSA-PSK"
        case .srp: return "SRP"
        case .gost: return "GOST"
        case .tls13: return "(EC)DHE (TLS 1.3)"
        case .unknown: return "unknown"
        }
    }

    /// The key exchange a suite's name states, IANA ("TLS_ECDHE_RSA_WITH_...") or OpenSSL ("ECDHE-RSA-...",
    /// "AES128-SHA" with no prefix is RSA); TLS 1.3 names ("TLS_AES_128_GCM_SHA256") state none and are ``tls13``.
    /// For suites known only by name (a test, a file); a live connection takes OpenSSL's own description.
    public init(suiteName name: String) {
        let upper = name.uppercased()
        if upper.hasPrefix("TLS_AES_") || upper.hasPrefix("TLS_CHACHA20_") {
            self = .tls13
        } else if upper.hasPrefix("TLS_") {
            guard let with = upper.range(of: "_WITH_") else {
                self = .unknown
                return
            }
            let words = upper[upper.index(upper.startIndex, offsetBy: 4)..<with.lowerBound].split(separator: "_")
            let first = words.first.map(String.init) ?? ""
            if words.contains("ANON") {  // TLS_DH_anon_..., TLS_ECDH_anon_...: unauthenticated, still ephemeral
                self = first == "ECDH" ? .ecdhe : first == "DH" ? .dhe : .unknown
            } else if first == "PSK" && words.contains("DHE") {  // RFC 6655's TLS_PSK_DHE_WITH_AES_128_CCM_8
                self = .dhePSK
            } else {
                self = Self(prefix: first, psk: words.contains("PSK"))
            }
        } else {
            let parts = upper.split(separator: "-").map(String.init)
            let first = parts.first ?? ""
            let psk = parts.dropFirst().first == "PSK"
            switch first {
            case "ECDHE", "DHE", "EDH", "RSA", "PSK", "SRP": self = Self(prefix: first, psk: psk || first == "PSK")
            case "ADH": self = .dhe  // anonymous, unauthenticated DH: still ephemeral
            case "AECDH": self = .ecdhe
            case "GOST2001", "GOST2012", "GOST94": self = .gost
            default: self = .rsa  // OpenSSL leaves the prefix off plain RSA key-exchange suites: "AES128-SHA"
            }
        }
    }

    private init(prefix: String, psk: Bool) {
        switch (prefix, psk) {
        case ("ECDHE", true): self = .ecdhePSK
        case ("ECDHE", false): self = .ecdhe
        case ("DHE", true), ("EDH", true): self = .dhePSK
        case ("DHE", false), ("EDH", false): self = .dhe
        case ("RSA", true): self = .rsaPSK
        case ("RSA", false): self = .rsa
        case ("PSK", _): self = .psk
        case ("SRP", _): self = .srp
        case ("GOSTR341112", _), ("GOSTR341001", _): self = .gost
        default: self = .unknown
        }
    }
}

extension KeyExchange {
    /// One line for views and `inspect`: "ECDHE, group X25519", "DHE", "RSA (no forward secrecy)". `group` is
    /// the negotiated group's name as OpenSSL gives it (callers make it terminal-safe).
    public func summary(group: String?) -> String {
        let named = group.map { "\(self), group \($0)" } ?? description
        return isForwardSecret ? named : named + " (no forward secrecy)"
    }
}
