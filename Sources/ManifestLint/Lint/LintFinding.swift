import ClientModels

/// One problem the lockout guard found, with the domain it concerns and how to fix it.
public struct LintFinding: Hashable, Sendable, Codable {
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        case warning
        case error

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .warning && rhs == .error }
    }

    /// Stable identifiers for scripts and tests.
    public enum Rule: String, Hashable, Sendable, Codable, CaseIterable {
        case tooFewPins = "too-few-pins"
        case malformedPinValue = "malformed-pin-value"
        case duplicateDomain = "duplicate-domain"
        case noBackupPin = "no-backup-pin"
        case allPinsOnExpiringLeaf = "all-pins-on-expiring-leaf"
        case expiresInPast = "expires-in-past"
        case pinsMatchNothingServed = "pins-match-nothing-served"
        case missingTrustAnchor = "missing-trust-anchor"
        case textTooLong = "text-too-long"
        case includeSubdomainsOnPublicSuffix = "include-subdomains-on-public-suffix"
        case publicSuffixListMissing = "public-suffix-list-missing"
        /// Some of the clients the manifest is exported to can never match a pin (``ClientModel/outOfReach(_:in:served:)``).
        case pinOutOfSomeClientsReach = "pin-out-of-some-clients-reach"
        /// A client the manifest is exported to refuses a domain's configuration as a whole (TrustKit below two pins).
        case clientRefusesDomain = "client-refuses-domain"
        /// A client the manifest is exported to needs a leaf pin and a CA pin to match together (ATS).
        case clientRequiresLeafAndCA = "client-requires-leaf-and-ca"
        /// Pins on part of a pool a CA picks each certificate's intermediate from, with no key above it (the catalog).
        case pinsPartOfIssuingPool = "pins-part-of-issuing-pool"
        /// A pin on an intermediate the CA no longer issues from, or an expired one (the catalog).
        case pinOnRetiredIntermediate = "pin-on-retired-intermediate"
        /// A `cert-sha256` pin on a certificate the CA replaced with a new one of the same key (the catalog).
        case pinOnReplacedCertificate = "pin-on-replaced-certificate"
        /// The CA catalog could not be read, so the rules that know the CAs could not run.
        case caCatalogUnreadable = "ca-catalog-unreadable"
        /// A domain's `issuance.ca` names a CA the catalog does not know (neither built in nor the manifest's).
        case issuanceUnknownCA = "issuance-unknown-ca"
        /// A domain's `issuance.profile` names a profile its CA does not offer.
        case issuanceUnknownProfile = "issuance-unknown-profile"
        /// A leaf-key pin on a domain whose key changes at each renewal, with certificates that live shorter than a
        /// release stays in the field.
        case leafKeyPinRenewsKey = "leaf-key-pin-renews-key"
        /// The newest release taken from a build drifts from the manifest (``BuildDrift``), or the releases file
        /// that says which one it is cannot be read.
        case buildDrift = "build-drift"
    }

    public let severity: Severity
    public let rule: Rule
    /// The domain concerned, or nil for manifest-wide findings.
    public let host: String?
    public let message: String
    public let fix: String

    public init(_ severity: Severity, _ rule: Rule, host: String?, message: String, fix: String) {
        self.severity = severity
        self.rule = rule
        self.host = host
        self.message = message
        self.fix = fix
    }

    /// `error too-few-pins api.example.com: ... Fix: ...`
    public var formatted: String {
        "\(severity.rawValue) [\(rule.rawValue)] \(host ?? "manifest"): \(message) Fix: \(fix)"
    }
}
