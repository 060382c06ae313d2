/// Which rules a verdict follows. A value chosen by the caller, so the same validator code serves both questions:
/// "will the apps connect?" and "is this chain issued as the CA/Browser Forum and RFC 5280 require?".
public enum ValidationProfile: String, Hashable, Sendable, Codable, CaseIterable {
    /// What iOS, Android (OkHttp) and curl decide: the verdict an app gets. The default.
    case platform
    /// `platform` plus the issuance rules a strict WebPKI verifier enforces (``StrictRules``: CA/Browser Forum
    /// Baseline Requirements and RFC 5280 MUSTs, as `openssl verify -x509_strict` and rustls-webpki check them).
    /// Stricter than any app: a chain it refuses may still connect.
    case strict
}
