import PinningCore

/// What one client's default trust decided about a chain before any pin: the path it verified, or why it refused.
/// ``ClientStackTrust`` decides it for each stack whose rules differ from PinBench's platform profile, so a client
/// model never borrows PinBench's platform decision where its rules differ.
public enum ClientTrust: Hashable, Sendable {
    /// The path, leaf first and trust anchor last, then the certificates sent off it (as ``Verdict/certificates``).
    case trusted(path: [PresentedCertificate])
    case refused(ClientRefusal)
}

/// Why a client's default trust refused a chain, with the facts its message depends on.
public struct ClientRefusal: Hashable, Sendable {
    /// How the chain the server sent ends when no path reaches an anchor, as OpenSSL names it.
    public enum UntrustedEnd: Hashable, Sendable {
        /// The leaf is self-signed (OpenSSL error 18).
        case selfSignedLeaf
        /// The sent chain climbs to a self-signed certificate that is not an anchor (error 19).
        case selfSignedInChain
        /// The sent chain stops at a certificate whose issuer was neither sent nor trusted (error 20).
        case issuerNotFound
    }

    public let rejection: Verdict.Rejection
    /// For an untrusted chain: how the sent chain ends.
    public let untrustedEnd: UntrustedEnd?
    /// For a host mismatch: whether the leaf lists DNS or IP names, and its subject CN (curl words the two apart).
    public let leafHasNames: Bool
    public let leafCommonName: String?
    /// For a name-constraints refusal: true when an excluded subtree matched, false when none permitted the name.
    public let excludedName: Bool
    /// True when the JDK's PKIX validator validates the chain as sent rather than building a path: the sent chain
    /// is in issuer order and reaches an anchor's certificate or an anchor's name (`PKIXValidator.engineValidate`),
    /// so a failure reads "PKIX path validation failed" and not "PKIX path building failed".
    public let validatesSentChain: Bool

    init(
        _ rejection: Verdict.Rejection, untrustedEnd: UntrustedEnd? = nil, leafHasNames: Bool = true,
        leafCommonName: String? = nil, excludedName: Bool = false, validatesSentChain: Bool = false
    ) {
        self.rejection = rejection
        self.untrustedEnd = untrustedEnd
        self.leafHasNames = leafHasNames
        self.leafCommonName = leafCommonName
        self.excludedName = excludedName
        self.validatesSentChain = validatesSentChain
    }
}
