/// The cipher suites ATS accepts, by IANA name with OpenSSL's name beside it, so either spelling can be checked.
enum ATSCipherSuites {
    /// The ECDHE suites ATS accepts: Apple's "Requirements for Connecting Using ATS", with the three that Apple's
    /// Security sources also list (`CiphersuitesPFS` in SecProtocolInternal.h: ECDHE-RSA AES-256-CBC-SHA and the
    /// two ChaCha20 suites).
    static let forwardSecret: [(iana: String, openSSL: String)] = [
        ("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", "ECDHE-ECDSA-AES256-GCM-SHA384"),
        ("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "ECDHE-ECDSA-AES128-GCM-SHA256"),
        ("TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384", "ECDHE-ECDSA-AES256-SHA384"),
        ("TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA", "ECDHE-ECDSA-AES256-SHA"),
        ("TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256", "ECDHE-ECDSA-AES128-SHA256"),
        ("TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA", "ECDHE-ECDSA-AES128-SHA"),
        ("TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", "ECDHE-RSA-AES256-GCM-SHA384"),
        ("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", "ECDHE-RSA-AES128-GCM-SHA256"),
        ("TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384", "ECDHE-RSA-AES256-SHA384"),
        ("TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256", "ECDHE-RSA-AES128-SHA256"),
        ("TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA", "ECDHE-RSA-AES128-SHA"),
        ("TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA", "ECDHE-RSA-AES256-SHA"),
        ("TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", "ECDHE-ECDSA-CHACHA20-POLY1305"),
        ("TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", "ECDHE-RSA-CHACHA20-POLY1305"),
    ]

    /// The RSA key-exchange suites ATS admits when `NSExceptionRequiresForwardSecrecy` is NO (`CiphersuitesNonPFS`
    /// in Apple's SecProtocolInternal.h; the same six in "Requirements for Connecting Using ATS").
    static let withoutForwardSecrecy: [(iana: String, openSSL: String)] = [
        ("TLS_RSA_WITH_AES_256_GCM_SHA384", "AES256-GCM-SHA384"),
        ("TLS_RSA_WITH_AES_128_GCM_SHA256", "AES128-GCM-SHA256"),
        ("TLS_RSA_WITH_AES_256_CBC_SHA256", "AES256-SHA256"),
        ("TLS_RSA_WITH_AES_128_CBC_SHA256", "AES128-SHA256"),
        ("TLS_RSA_WITH_AES_256_CBC_SHA", "AES256-SHA"),
        ("TLS_RSA_WITH_AES_128_CBC_SHA", "AES128-SHA"),
    ]

    /// TLS 1.3 suites: every one has forward secrecy (the key exchange is always ephemeral).
    static let tls13: Set<String> = [
        "TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256", "TLS_AES_128_CCM_SHA256",
        "TLS_AES_128_CCM_8_SHA256",
    ]

    static func isForwardSecret(_ name: String) -> Bool {
        let upper = name.uppercased()
        return tls13.contains(upper) || forwardSecret.contains { $0.iana == upper || $0.openSSL == upper }
    }

    /// Whether `NSExceptionRequiresForwardSecrecy` = NO lets an app use this suite.
    static func isAllowedWithoutForwardSecrecy(_ name: String) -> Bool {
        let upper = name.uppercased()
        return withoutForwardSecrecy.contains { $0.iana == upper || $0.openSSL == upper }
    }
}
