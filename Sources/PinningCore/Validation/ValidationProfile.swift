/// Which rules a verdict follows. A value chosen by the caller, so the same validator code serves three questions:
/// "will the apps connect?", "is this chain issued as RFC 5280 requires of any CA?" and "is it issued as a publicly
/// trusted CA must issue it?". Each profile refuses everything the one before it refuses.
public enum ValidationProfile: String, Hashable, Sendable, Codable, CaseIterable {
    /// What iOS, Android (OkHttp) and curl decide: the verdict an app gets. The default.
    case platform
    /// `platform` plus the MUSTs of RFC 5280's certificate profile (``StrictRules`` whose standard is RFC 5280: key
    /// identifiers, critical basic constraints, name and policy constraints profiles, serial numbers, …), without
    /// the CA/Browser Forum's rules: the profile for a private PKI, whose CA owes nothing to the Baseline
    /// Requirements. A chain it refuses may still connect.
    case rfc5280
    /// `rfc5280` plus the CA/Browser Forum Baseline Requirements a strict WebPKI verifier enforces
    /// (`openssl verify -x509_strict`, rustls-webpki): the CN repeating a SAN, serverAuth on every leaf, no critical
    /// EKU, RSA moduli in whole bytes, the root's own key identifiers. Stricter than any app.
    case strict

    /// The standards whose rules ``StrictRules`` enforces under this profile; under `platform`, only what a mobile
    /// platform enforces itself.
    var strictStandards: Set<StrictRuleViolation.Standard> {
        switch self {
        case .platform: return [.mobilePlatforms]
        case .rfc5280: return [.rfc5280, .mobilePlatforms]
        case .strict: return Set(StrictRuleViolation.Standard.allCases)
        }
    }
}
