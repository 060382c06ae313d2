/// A chain a server serves, as the validator sees it: the certificates as sent, and the path it verified from them
/// to a trust anchor (which may end at an anchor the server does not send).
///
/// Lint compares pins with this value, so its served-chain findings agree with the verdict: a pin on a root that the
/// client trusts but the server does not send is on the verified path, and counts.
public struct ServedChain: Hashable, Sendable {
    /// The certificates as the server sent them, leaf first.
    public let presented: [CertificateDetails]
    /// The verified path, leaf to trust anchor; nil when default trust evaluation found none.
    public let verifiedPath: [CertificateDetails]?

    public init(presented: [CertificateDetails], verifiedPath: [CertificateDetails]?) {
        self.presented = presented
        self.verifiedPath = verifiedPath
    }

    /// The chain `presented` with the path of the verdict the validator gave it.
    public init(presented: [ChainCertificate], verdict: Verdict) {
        let path = verdict.certificates.filter(\.inVerifiedPath).map(\.details)
        self.init(presented: presented.map(\.details), verifiedPath: path.isEmpty ? nil : path)
    }

    /// Every pin value of every certificate a client meets: the sent ones and the verified path's.
    var pinValues: Set<String> {
        Set((presented + (verifiedPath ?? [])).flatMap { [$0.spkiPin, $0.certPin] })
    }

    /// Whether `pin` matches as the validator would match it: on the verified path at a level its position admits;
    /// without a verified path, anywhere in the chain as sent.
    func matches(_ pin: Pin) -> Bool {
        guard let verifiedPath else { return presented.contains { $0.pinValue(pin.type) == pin.value } }
        return verifiedPath.enumerated().contains { level, details in
            pin.position.admits(level: level) && details.pinValue(pin.type) == pin.value
        }
    }
}

extension ServedChain {
    /// True when some backup pin of `pins` is for a key or certificate outside this chain (sent or verified): a
    /// backup that survives losing today's chain. The lockout guard's rule, and the semantic diff's.
    func keepsBackupOutside(_ pins: [Pin]) -> Bool {
        let servedValues = pinValues
        return pins.contains { $0.role == .backup && !servedValues.contains($0.value) }
    }
}
