/// A chain a server serves, as the validator sees it: the certificates as sent, and the path it verified from them
/// to a trust anchor (which may end at an anchor the server does not send).
///
/// Lint compares pins with this value, so its served-chain findings agree with the verdict: a pin on a root that the
/// client trusts but the server does not send is on the verified path, and counts.
public struct ServedChain: Hashable, Sendable {
    /// The two pin values of each certificate as sent, leaf first. Only the pins are kept: `check` holds one served
    /// chain per domain until the lockout guard runs, and the parsed certificates would cost kilobytes each.
    private let sent: [CertificatePins]
    /// The same for the verified path, leaf to trust anchor; nil when default trust evaluation found none.
    private let path: [CertificatePins]?

    /// Whether default trust evaluation found a path.
    public var hasVerifiedPath: Bool { path != nil }

    public init(presented: [CertificateDetails], verifiedPath: [CertificateDetails]?) {
        sent = presented.map { CertificatePins($0.pinValue) }
        path = verifiedPath?.map { CertificatePins($0.pinValue) }
    }

    /// The chain `presented` with the path of the verdict the validator gave it.
    public init(presented: [ChainCertificate], verdict: Verdict) {
        let path = verdict.certificates.filter(\.inVerifiedPath).map { CertificatePins($0.lazyDetails.pinValue) }
        sent = presented.map { CertificatePins($0.lazyDetails.pinValue) }
        self.path = path.isEmpty ? nil : path
    }

    /// Every pin value of every certificate a client meets: the sent ones and the verified path's.
    var pinValues: Set<String> {
        Set((sent + (path ?? [])).flatMap { [$0.spkiSHA256, $0.certSHA256] })
    }

    /// Whether `pin` matches as the validator would match it: on the verified path at a level its position admits;
    /// without a verified path, anywhere in the chain as sent.
    package func matches(_ pin: Pin) -> Bool {
        guard let path else { return sent.contains { $0.value(pin.type) == pin.value } }
        return path.enumerated().contains { level, pins in
            pin.position.admits(level: level) && pins.value(pin.type) == pin.value
        }
    }
}

/// A certificate's `spki-sha256` and `cert-sha256` pin values. Equal values mean the same certificate (the second is
/// the hash of the whole DER).
struct CertificatePins: Hashable, Sendable {
    let spkiSHA256: String
    let certSHA256: String

    init(_ pinValue: (PinType) -> String) {
        spkiSHA256 = pinValue(.spkiSHA256)
        certSHA256 = pinValue(.certSHA256)
    }

    func value(_ type: PinType) -> String {
        switch type {
        case .spkiSHA256: spkiSHA256
        case .certSHA256: certSHA256
        }
    }
}

extension ServedChain {
    /// Whether `pin` is the key or certificate of some certificate of this chain, sent or on the verified path, at
    /// any level.
    package func contains(_ pin: Pin) -> Bool {
        (sent + (path ?? [])).contains { $0.value(pin.type) == pin.value }
    }

    /// Whether `pin` is the key or certificate of the first certificate sent: the only one curl compares.
    package func sentLeafMatches(_ pin: Pin) -> Bool {
        sent.first?.value(pin.type) == pin.value
    }

    /// True when some backup pin of `pins` is for a key or certificate outside this chain (sent or verified): a
    /// backup that survives losing today's chain. The lockout guard's rule, and the semantic diff's.
    package func keepsBackupOutside(_ pins: [Pin]) -> Bool {
        let servedValues = pinValues
        return pins.contains { $0.role == .backup && !servedValues.contains($0.value) }
    }
}
