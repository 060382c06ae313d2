/// Why a chain was refused: one case per reason a verdict can name. Decide on these values, never on their words.
extension Verdict {
    public enum Rejection: String, Hashable, Sendable, Codable {
        case emptyChain = "empty-chain"
        case untrustedChain = "untrusted-chain"
        case hostnameMismatch = "hostname-mismatch"
        case expired
        case notYetValid = "not-yet-valid"
        case wrongKeyUsage = "wrong-key-usage"
        /// A certificate the chain needs has a key clients refuse (RSA under 2048 bits, an unusual curve).
        case unacceptableKey = "unacceptable-key"
        /// Path building stopped at its signature-check cap or deadline without finding a path.
        case pathBuildingCutShort = "path-building-cut-short"
        case pinMismatch = "pin-mismatch"
        /// An OCSP response (stapled, or from the leaf's responder) says the leaf was revoked.
        case revoked
        /// Certificate Transparency was required and the leaf's SCTs do not meet the policy.
        case certificateTransparency = "certificate-transparency"
        /// A CA of the path states a key usage without keyCertSign (``ChainRuleViolation``).
        case caCannotSignCertificates = "ca-cannot-sign-certificates"
        /// The leaf's key usage cannot sign a handshake, or asserts keyCertSign without being a CA.
        case leafKeyUsage = "leaf-key-usage"
        /// The leaf is a CA certificate and not itself the trust anchor.
        case caAsLeaf = "ca-as-leaf"
        /// A CA's name constraints exclude, or do not permit, a name below it.
        case nameConstraints = "name-constraints"
        // Issuance rules (``StrictRuleViolation``): the stricter profiles', and the few a mobile platform enforces.
        /// The leaf's CN is not a copy of one of its subject alternative names.
        case commonNameNotInSAN = "common-name-not-in-san"
        /// A certificate lacks the authority or (for a CA) the subject key identifier.
        case missingKeyIdentifier = "missing-key-identifier"
        /// The root's authority key identifier is not a bare copy of its subject key identifier.
        case anchorAuthorityKeyIdentifier = "anchor-authority-key-identifier"
        /// A CA's basic constraints are not critical.
        case basicConstraintsNotCritical = "basic-constraints-not-critical"
        /// A CA has an empty subject.
        case caEmptySubject = "ca-empty-subject"
        /// Name constraints that break their profile (not critical, in a leaf, empty, a DNS name with a period first).
        case nameConstraintsProfile = "name-constraints-profile"
        /// Policy constraints that are not critical.
        case policyConstraintsNotCritical = "policy-constraints-not-critical"
        /// The leaf's SAN is critical beside a subject, or not critical without one.
        case sanCriticality = "san-criticality"
        /// An authority information access extension that cannot be read or is empty.
        case malformedAuthorityInformationAccess = "malformed-authority-information-access"
        /// An authority key identifier that cannot be read, or with authorityCertIssuer or authorityCertSerialNumber
        /// alone (refused by iOS, so under every profile).
        case unreadableAuthorityKeyIdentifier = "unreadable-authority-key-identifier"
        /// An RSA modulus whose size is not a multiple of 8 bits.
        case rsaModulusSize = "rsa-modulus-size"
        /// The leaf's extended key usage does not name serverAuth, whatever its date.
        case leafWithoutServerAuth = "leaf-without-server-auth"
        /// A critical extended key usage, or one on the root.
        case extendedKeyUsageProfile = "extended-key-usage-profile"
        /// A serial number that is not positive or longer than 20 octets.
        case serialNumber = "serial-number"
        /// A DNS name of the leaf's SAN outside the preferred name syntax (an underscore, an empty label, …).
        case dnsNameSyntax = "dns-name-syntax"
    }
}

extension Verdict.Rejection {
    /// The rejection in words, as a verdict's statement ends: "rejected: <sentence>."
    public var sentence: String {
        switch self {
        case .emptyChain: return "the server presented no certificate"
        case .untrustedChain: return "the chain does not lead to a trust anchor"
        case .hostnameMismatch: return "the certificate is not valid for this host name"
        case .expired: return "a certificate in the chain has expired"
        case .notYetValid: return "a certificate in the chain is not valid yet"
        case .wrongKeyUsage: return "a certificate's extended key usage does not allow TLS server authentication"
        case .unacceptableKey: return "a certificate the chain needs has a key clients refuse"
        case .pathBuildingCutShort: return "path building was cut short before it found a path to a trust anchor"
        case .pinMismatch: return "no pinned key or certificate is in the verified chain"
        case .revoked: return "the leaf certificate has been revoked"
        case .certificateTransparency:
            return "Certificate Transparency is required and the leaf does not meet the policy"
        case .caCannotSignCertificates: return "a CA certificate of the chain may not sign certificates"
        case .leafKeyUsage: return "the leaf's key usage does not allow a TLS handshake"
        case .caAsLeaf: return "the server presented a CA certificate as its leaf"
        case .nameConstraints: return "a CA's name constraints do not allow a name of the chain"
        case .commonNameNotInSAN:
            return "issuance rule: the leaf's common name is not one of its subject alternative names"
        case .missingKeyIdentifier: return "issuance rule: a certificate lacks a key identifier"
        case .anchorAuthorityKeyIdentifier: return "issuance rule: the root's authority key identifier is malformed"
        case .basicConstraintsNotCritical: return "issuance rule: a CA's basic constraints are not critical"
        case .caEmptySubject: return "issuance rule: a CA certificate has an empty subject"
        case .nameConstraintsProfile: return "issuance rule: a CA's name constraints break their profile"
        case .policyConstraintsNotCritical: return "issuance rule: a CA's policy constraints are not critical"
        case .sanCriticality: return "issuance rule: the leaf's subject alternative name has the wrong criticality"
        case .malformedAuthorityInformationAccess: return "an authority information access is malformed"
        case .unreadableAuthorityKeyIdentifier: return "an authority key identifier cannot be read"
        case .rsaModulusSize: return "issuance rule: an RSA modulus is not a multiple of 8 bits"
        case .leafWithoutServerAuth: return "issuance rule: the leaf's extended key usage does not name serverAuth"
        case .extendedKeyUsageProfile: return "issuance rule: an extended key usage is critical or on the root"
        case .serialNumber: return "issuance rule: a serial number is not positive or longer than 20 octets"
        case .dnsNameSyntax: return "issuance rule: a DNS name of the leaf is not in the preferred name syntax"
        }
    }
}
