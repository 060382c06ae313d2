/// A chain a server serves, as the validator sees it: the certificates as sent, and the path it verified from them
/// to a trust anchor (which may end at an anchor the server does not send).
///
/// Lint compares pins with this value, so its served-chain findings agree with the verdict: a pin on a root that the
/// client trusts but the server does not send is on the verified path, and counts.
public struct ServedChain: Hashable, Sendable {
    /// The sent certificates' details, computed only if someone reads them: lint needs just the pins.
    private let sent: [LazyCertificateDetails]
    private let path: [LazyCertificateDetails]?

    /// The certificates as the server sent them, leaf first.
    public var presented: [CertificateDetails] { sent.map(\.details) }
    /// The verified path, leaf to trust anchor; nil when default trust evaluation found none.
    public var verifiedPath: [CertificateDetails]? { path?.map(\.details) }
    /// Whether default trust evaluation found a path.
    public var hasVerifiedPath: Bool { path != nil }

    public init(presented: [CertificateDetails], verifiedPath: [CertificateDetails]?) {
        sent = presented.map(LazyCertificateDetails.init)
        path = verifiedPath?.map(LazyCertificateDetails.init)
    }

    /// The chain `presented` with the path of the verdict the validator gave it.
    public init(presented: [ChainCertificate], verdict: Verdict) {
        let path = verdict.certificates.filter(\.inVerifiedPath).map(\.lazyDetails)
        sent = presented.map(\.lazyDetails)
        self.path = path.isEmpty ? nil : path
    }

    /// Same certificates (a `cert-sha256` pin is the hash of the whole DER), same path.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sent.map { $0.pinValue(.certSHA256) } == rhs.sent.map { $0.pinValue(.certSHA256) }
            && lhs.path?.map { $0.pinValue(.certSHA256) } == rhs.path?.map { $0.pinValue(.certSHA256) }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in sent { hasher.combine(entry.pinValue(.certSHA256)) }
        hasher.combine(path?.map { $0.pinValue(.certSHA256) })
    }

    /// Every pin value of every certificate a client meets: the sent ones and the verified path's.
    var pinValues: Set<String> {
        Set((sent + (path ?? [])).flatMap { [$0.pinValue(.spkiSHA256), $0.pinValue(.certSHA256)] })
    }

    /// Whether `pin` matches as the validator would match it: on the verified path at a level its position admits;
    /// without a verified path, anywhere in the chain as sent.
    func matches(_ pin: Pin) -> Bool {
        guard let path else { return sent.contains { $0.pinValue(pin.type) == pin.value } }
        return path.enumerated().contains { level, details in
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
