import X509

/// An issuance rule of the CA/Browser Forum Baseline Requirements or an RFC 5280 MUST that a strict WebPKI verifier
/// (`openssl verify -x509_strict`, rustls-webpki) enforces, broken by a path that is otherwise trusted; or one of the
/// few such rules a mobile platform enforces itself. Decided by ``StrictRules`` under the profiles its ``standard``
/// names (``ValidationProfile/strictStandards``); a typed value, so the verdict's rejection and its words both come
/// from the case.
enum StrictRuleViolation: Hashable, Sendable {
    /// The document a rule comes from, which decides the profiles that enforce it.
    enum Standard: Hashable, Sendable, CaseIterable {
        /// A MUST of RFC 5280's profile: binding on every CA, a private one included.
        case rfc5280
        /// The CA/Browser Forum Baseline Requirements: binding on publicly trusted CAs only.
        case baselineRequirements
        /// A rule one of the mobile platforms enforces though path validation would not: enforced under every
        /// profile, since a chain that iOS or Android refuses locks that platform's users out.
        case mobilePlatforms
    }

    /// What is wrong with a name constraints extension (RFC 5280 4.2.1.10).
    enum NameConstraintsProblem: Hashable, Sendable {
        case notCritical, inLeaf, empty, unreadable, dnsNameWithLeadingPeriod(String)
    }

    /// What is wrong with the trust anchor's own authority key identifier (CA/B BR 7.1.2.1.3).
    enum AnchorKeyIdentifierProblem: Hashable, Sendable {
        case noKeyIdentifier, namesIssuerOrSerial, differsFromSubjectKeyIdentifier
    }

    /// What is wrong with a serial number (RFC 5280 4.1.2.2, CA/B BR 7.1).
    enum SerialNumberProblem: Hashable, Sendable {
        case notPositive, longerThan20Octets(Int)
    }

    /// The leaf's subject CN is not a character-for-character copy of one of its SAN entries (CA/B BR 7.1.4.3).
    case commonNameNotInSubjectAlternativeNames(subject: String, commonName: String)
    /// A certificate below the anchor has no authority key identifier (RFC 5280 4.2.1.1).
    case missingAuthorityKeyIdentifier(level: Int, subject: String)
    /// A CA certificate has no subject key identifier (RFC 5280 4.2.1.2).
    case missingSubjectKeyIdentifier(level: Int, subject: String)
    /// The self-signed anchor's authority key identifier is not a bare copy of its subject key identifier.
    case anchorAuthorityKeyIdentifier(subject: String, problem: AnchorKeyIdentifierProblem)
    /// A CA certificate's basic constraints are not marked critical (RFC 5280 4.2.1.9).
    case basicConstraintsNotCritical(level: Int, subject: String)
    /// A CA certificate has an empty subject (RFC 5280 4.1.2.6).
    case caSubjectEmpty(level: Int)
    /// A name constraints extension breaks the profile of RFC 5280 4.2.1.10.
    case nameConstraintsProfile(level: Int, subject: String, problem: NameConstraintsProblem)
    /// A policy constraints extension is not marked critical (RFC 5280 4.2.1.11).
    case policyConstraintsNotCritical(level: Int, subject: String)
    /// The leaf's SAN criticality does not follow its subject: critical exactly when the subject is empty (RFC 5280
    /// 4.2.1.6, CA/B BR 7.1.2.7.12).
    case subjectAlternativeNameCriticality(subject: String, critical: Bool)
    /// An authority information access extension that cannot be read or lists no access description (RFC 5280
    /// 4.2.2.1, CA/B BR 7.1.2.7.7).
    case malformedAuthorityInformationAccess(level: Int, subject: String)
    /// An authority key identifier that cannot be read, or names authorityCertIssuer without
    /// authorityCertSerialNumber or the reverse (RFC 5280 A.2: both or neither). iOS refuses a path with an
    /// extension it cannot read on any of its certificates, the anchor included.
    case unreadableAuthorityKeyIdentifier(level: Int, subject: String)
    /// An RSA modulus whose size is not a multiple of 8 bits (CA/B BR 6.1.5).
    case rsaModulusNotMultipleOf8(level: Int, subject: String, bits: Int)
    /// The leaf's extended key usage does not name serverAuth (anyExtendedKeyUsage alone does not count), whatever
    /// its issuance date (CA/B BR 7.1.2.7.10).
    case leafWithoutServerAuth(subject: String)
    /// The extended key usage is marked critical (CA/B BR 7.1.2.7.10: MUST NOT be critical).
    case criticalExtendedKeyUsage(level: Int, subject: String)
    /// The root states an extended key usage (CA/B BR 7.1.2.1: MUST NOT be present in a root).
    case extendedKeyUsageOnRoot(subject: String)
    /// A serial number that is not positive or longer than 20 octets.
    case serialNumber(level: Int, subject: String, problem: SerialNumberProblem)
    /// A DNS name of the leaf's SAN outside the preferred name syntax of RFC 1034 3.5 (RFC 5280 4.2.1.6), a
    /// leftmost `*` label aside (RFC 6125 6.4.3).
    case dnsNameSyntax(subject: String, name: String)

    /// The rejection a verdict gives for this violation.
    var rejection: Verdict.Rejection {
        switch self {
        case .commonNameNotInSubjectAlternativeNames: return .commonNameNotInSAN
        case .missingAuthorityKeyIdentifier, .missingSubjectKeyIdentifier: return .missingKeyIdentifier
        case .anchorAuthorityKeyIdentifier: return .anchorAuthorityKeyIdentifier
        case .basicConstraintsNotCritical: return .basicConstraintsNotCritical
        case .caSubjectEmpty: return .caEmptySubject
        case .nameConstraintsProfile: return .nameConstraintsProfile
        case .policyConstraintsNotCritical: return .policyConstraintsNotCritical
        case .subjectAlternativeNameCriticality: return .sanCriticality
        case .malformedAuthorityInformationAccess: return .malformedAuthorityInformationAccess
        case .unreadableAuthorityKeyIdentifier: return .unreadableAuthorityKeyIdentifier
        case .rsaModulusNotMultipleOf8: return .rsaModulusSize
        case .leafWithoutServerAuth: return .leafWithoutServerAuth
        case .criticalExtendedKeyUsage, .extendedKeyUsageOnRoot: return .extendedKeyUsageProfile
        case .serialNumber: return .serialNumber
        case .dnsNameSyntax: return .dnsNameSyntax
        }
    }

    /// Where the rule comes from: RFC 5280 rules apply under both stricter profiles, CA/B Forum rules under
    /// ``ValidationProfile/strict`` only, a mobile platform's rules under every profile.
    var standard: Standard {
        switch self {
        case .missingAuthorityKeyIdentifier, .missingSubjectKeyIdentifier, .basicConstraintsNotCritical,
            .caSubjectEmpty, .nameConstraintsProfile, .policyConstraintsNotCritical, .serialNumber, .dnsNameSyntax:
            return .rfc5280
        case .malformedAuthorityInformationAccess, .unreadableAuthorityKeyIdentifier:
            return .mobilePlatforms
        case .subjectAlternativeNameCriticality(_, let critical):
            // RFC 5280 4.2.1.6 requires a critical SAN beside an empty subject; only the BR forbid a critical one
            // beside a subject.
            return critical ? .baselineRequirements : .rfc5280
        case .commonNameNotInSubjectAlternativeNames, .anchorAuthorityKeyIdentifier, .rsaModulusNotMultipleOf8,
            .leafWithoutServerAuth, .criticalExtendedKeyUsage, .extendedKeyUsageOnRoot:
            return .baselineRequirements
        }
    }

    /// The reason in words, naming the certificate and the rule, and that the apps would not refuse it.
    var reason: String {
        switch standard {
        case .rfc5280: return "\(rule) [rfc5280 and strict profiles; the platforms do not enforce this]"
        case .baselineRequirements: return "\(rule) [strict profile; the platforms do not enforce this]"
        case .mobilePlatforms:
            return "\(rule) [every profile: iOS refuses a path with an extension it cannot read, the root's included]"
        }
    }

    private var rule: String {
        switch self {
        case .commonNameNotInSubjectAlternativeNames(let subject, let commonName):
            return "the leaf (\(subject)) has common name \(commonName), which is not a character-for-character copy "
                + "of one of its subject alternative names (CA/B BR 7.1.4.3)"
        case .missingAuthorityKeyIdentifier(let level, let subject):
            return "level \(level) (\(subject)) has no authority key identifier (RFC 5280 4.2.1.1)"
        case .missingSubjectKeyIdentifier(let level, let subject):
            return "level \(level) (\(subject)) is a CA without a subject key identifier (RFC 5280 4.2.1.2)"
        case .anchorAuthorityKeyIdentifier(let subject, let problem):
            let what: String
            switch problem {
            case .noKeyIdentifier: what = "has no keyIdentifier"
            case .namesIssuerOrSerial: what = "names an authorityCertIssuer or authorityCertSerialNumber"
            case .differsFromSubjectKeyIdentifier: what = "has a keyIdentifier other than its subject key identifier"
            }
            return "the root (\(subject)) has an authority key identifier that \(what) (CA/B BR 7.1.2.1.3)"
        case .basicConstraintsNotCritical(let level, let subject):
            return "level \(level) (\(subject)) is a CA whose basic constraints are not critical (RFC 5280 4.2.1.9)"
        case .caSubjectEmpty(let level):
            return "level \(level) is a CA with an empty subject (RFC 5280 4.1.2.6)"
        case .nameConstraintsProfile(let level, let subject, let problem):
            let what: String
            switch problem {
            case .notCritical: what = "are not critical"
            case .inLeaf: what = "sit in a certificate that is not a CA"
            case .empty: what = "permit and exclude nothing"
            case .unreadable: what = "cannot be read"
            case .dnsNameWithLeadingPeriod(let name): what = "hold the DNS name \(name), which starts with a period"
            }
            return "level \(level) (\(subject)): its name constraints \(what) (RFC 5280 4.2.1.10)"
        case .policyConstraintsNotCritical(let level, let subject):
            return "level \(level) (\(subject)) has policy constraints that are not critical (RFC 5280 4.2.1.11)"
        case .subjectAlternativeNameCriticality(let subject, let critical):
            let what =
                critical
                ? "a critical subject alternative name beside a non-empty subject"
                : "an empty subject and a subject alternative name that is not critical"
            return "the leaf (\(subject)) has \(what) (RFC 5280 4.2.1.6, CA/B BR 7.1.2.7.12)"
        case .malformedAuthorityInformationAccess(let level, let subject):
            return "level \(level) (\(subject)) has an authority information access extension that cannot be read "
                + "or is empty (RFC 5280 4.2.2.1, CA/B BR 7.1.2.7.7)"
        case .unreadableAuthorityKeyIdentifier(let level, let subject):
            return "level \(level) (\(subject)) has an authority key identifier that cannot be read, or names "
                + "authorityCertIssuer and authorityCertSerialNumber one without the other (RFC 5280 4.2.1.1, A.2)"
        case .rsaModulusNotMultipleOf8(let level, let subject, let bits):
            return "level \(level) (\(subject)) has an RSA modulus of \(bits) bits, not a multiple of 8 (CA/B BR 6.1.5)"
        case .leafWithoutServerAuth(let subject):
            return "the leaf (\(subject)) has no extended key usage naming serverAuth (anyExtendedKeyUsage alone is "
                + "not enough; CA/B BR 7.1.2.7.10)"
        case .criticalExtendedKeyUsage(let level, let subject):
            return "level \(level) (\(subject)) has a critical extended key usage (CA/B BR 7.1.2.7.10)"
        case .extendedKeyUsageOnRoot(let subject):
            return "the root (\(subject)) states an extended key usage (CA/B BR 7.1.2.1)"
        case .serialNumber(let level, let subject, let problem):
            let what: String
            switch problem {
            case .notPositive: what = "is not positive"
            case .longerThan20Octets(let octets): what = "is \(octets) octets long, more than 20"
            }
            return "level \(level) (\(subject)): the serial number \(what) (RFC 5280 4.1.2.2)"
        case .dnsNameSyntax(let subject, let name):
            return "the leaf (\(subject)) lists the DNS name \(name), which is not in the preferred name syntax: "
                + "labels of letters, digits and inner hyphens (RFC 5280 4.2.1.6, RFC 1034 3.5)"
        }
    }
}
