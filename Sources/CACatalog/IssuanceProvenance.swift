import PinningCore

/// Where a value of an ``IssuancePlan`` comes from: the manifest states it, it was read from the served chain (and
/// from what), the catalog supplies it when nothing else does, or nothing tells.
public enum IssuanceProvenance: Hashable, Sendable {
    case declared
    case inferred(IssuanceEvidence)
    case defaulted(IssuanceDefault)
    case unknown(IssuanceUnknown)

    /// `declared`, `inferred`, `defaulted` or `unknown`: the word scripts and tests decide on.
    public var kind: String {
        switch self {
        case .declared: return "declared"
        case .inferred: return "inferred"
        case .defaulted: return "defaulted"
        case .unknown: return "unknown"
        }
    }
}

/// What in a served chain a value was inferred from.
public enum IssuanceEvidence: Hashable, Sendable {
    /// The leaf's signature verifies with the key of this catalog intermediate (its label).
    case servedIssuer(String)
    /// The served leaf's lifetime in days, matched to the profile that issues that lifetime on the leaf's day.
    case servedLeafLifetime(Int)
}

/// What the catalog supplies when neither the manifest nor the chain says.
public enum IssuanceDefault: Hashable, Sendable {
    /// The profile the CA gives without asking.
    case caDefaultProfile
    /// What the profile (its name) states: a lifetime by issuance day, or whether a renewal keeps the key.
    case profile(String)
    /// SC-081's maximum for the issuance day (``PublicLifetimeLimit``), shorter than anything else known.
    case publicMaximum
}

/// Why a value is not known.
public enum IssuanceUnknown: Hashable, Sendable {
    /// No served chain was given to infer it from.
    case noServedChain
    /// The served leaf's issuer is no catalog intermediate (its issuer name as the certificate states it).
    case issuerOutsideCatalog(String)
    /// The CA has no catalog entry (`private`, or an id the catalog lacks), so no profiles are known.
    case caNotInCatalog
    /// One chain cannot show whether the next renewal keeps the key.
    case keyReuseNeedsTwoChains
    /// The CA is not known, so neither is its profile or schedule.
    case caUnknown
}
