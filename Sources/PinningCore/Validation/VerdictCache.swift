import Foundation
import X509

/// Verdicts already given, for a client that judges the same chain for the same host again: every connection to a
/// server that has not rotated its certificates. A hit costs a lookup instead of parsing, path building and pins.
///
/// It can never answer for a different input. The key is everything a verdict depends on: the exact DER of every
/// certificate as sent, the host as given, the manifest (compared whole; the same manifest value compares by
/// storage identity), the trust anchors (by the identity of their indexed set, made anew by every `init` and `add`
/// of ``TrustAnchors``, so two sets loaded separately never share entries), the signature-check cap, and the hour of the validation time. Only verdicts that cannot change within their hour are
/// kept:
/// - default trust found a path (accepted, not pinned, lapsed, report-only, pin mismatch); failures carry reasons
///   that may name the exact time, and are rare, so they are judged each time;
/// - no certificate sent, no trust anchor, and not the domain's pin expiry starts or ends validity within the hour;
/// - no deadline was given: a search a deadline may have cut short is not repeatable.
///
/// Bounded (`capacity` verdicts, the oldest dropped first) and safe to share between tasks.
public final class VerdictCache: Sendable {
    public let capacity: Int
    private let state: Locked<State>

    /// How the cache has answered so far: for tests and benchmarks.
    public struct Statistics: Hashable, Sendable {
        public var hits = 0
        public var misses = 0
        /// Verdicts judged but not kept (see the type's rules).
        public var notCacheable = 0
        public var count = 0
    }

    private struct State {
        var entries: [Key: Verdict] = [:]
        /// Keys in insertion order, as a ring: `oldest` is the next to drop.
        var order: [Key] = []
        var oldest = 0
        var statistics = Statistics()
    }

    /// A cache of at most `capacity` verdicts (at least 1).
    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
        state = Locked(State())
    }

    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The verdict of `validator` for `chain` (as sent, leaf first) when connecting to `host` at `time`: the kept
    /// one when this exact input was judged before within the same hour, else judged now (and kept when it may be).
    public func verdict(
        _ validator: PinValidator, host: String, chain: [ChainCertificate], at time: Date,
        limits: PathBuildingLimits = PathBuildingLimits()
    ) async -> Verdict {
        let key = Key(validator: validator, host: host, chain: chain.map(\.der), at: time, limits: limits)
        if let kept = lookUp(key) { return kept }
        let verdict = await validator.validate(host: host, chain: chain, at: time, limits: limits)
        keep(verdict, for: key, chain: chain, anchors: validator.trustAnchors, limits: limits)
        return verdict
    }

    /// The same from the DER a server sent: a hit decodes nothing. Throws when a certificate is not X.509 at all,
    /// as ``CertificateChainDecoder`` does.
    public func verdict(
        _ validator: PinValidator, host: String, der chain: [[UInt8]], at time: Date,
        limits: PathBuildingLimits = PathBuildingLimits()
    ) async throws(CertificateDecodingError) -> Verdict {
        let key = Key(validator: validator, host: host, chain: chain, at: time, limits: limits)
        if let kept = lookUp(key) { return kept }
        var decoded: [ChainCertificate] = []
        for (index, der) in chain.enumerated() {
            decoded.append(try CertificateChainDecoder.decodeDER(der, source: "certificate \(index)", block: nil))
        }
        let verdict = await validator.validate(host: host, chain: decoded, at: time, limits: limits)
        keep(verdict, for: key, chain: decoded, anchors: validator.trustAnchors, limits: limits)
        return verdict
    }

    private func lookUp(_ key: Key) -> Verdict? {
        state.withLock { state in
            if let kept = state.entries[key] {
                state.statistics.hits += 1
                return kept
            }
            state.statistics.misses += 1
            return nil
        }
    }

    private func keep(
        _ verdict: Verdict, for key: Key, chain: [ChainCertificate], anchors: TrustAnchors, limits: PathBuildingLimits
    ) {
        let cacheable =
            limits.deadline == nil && (verdict.rejection == nil || verdict.rejection == .pinMismatch)
            && Self.staysValid(through: key.hour, chain: chain, anchors: anchors, policy: verdict.policy)
        state.withLock { state in
            guard cacheable else {
                state.statistics.notCacheable += 1
                return
            }
            guard state.entries[key] == nil else { return }
            if state.order.count < capacity {
                state.order.append(key)
            } else {
                state.entries[state.order[state.oldest]] = nil
                state.order[state.oldest] = key
                state.oldest = (state.oldest + 1) % capacity
            }
            state.entries[key] = verdict
            state.statistics.count = state.entries.count
        }
    }

    /// True when nothing the verdict depends on changes at an instant within `hour`: every time comparison made at
    /// one instant of the hour comes out the same at any other.
    static func staysValid(
        through hour: Int64, chain: [ChainCertificate], anchors: TrustAnchors, policy: DomainPolicy?
    )
        -> Bool
    {
        // A second of margin on each side: validity ends are inclusive in some checks and exclusive in others.
        let start = Date(timeIntervalSince1970: Double(hour) * 3_600 - 1)
        let end = Date(timeIntervalSince1970: Double(hour + 1) * 3_600 + 1)
        let window = start...end
        for entry in chain {
            if let certificate = entry.certificate {
                if window.contains(certificate.notValidBefore) || window.contains(certificate.notValidAfter) {
                    return false
                }
            } else {
                let details = entry.details
                if window.contains(details.notBefore) || window.contains(details.notAfter) { return false }
            }
        }
        if let lapse = policy?.expires?.endDate, window.contains(lapse) { return false }
        let boundaries = anchors.anchorSet.validityBoundaries
        // The first boundary at or after `start`, by binary search.
        var low = 0
        var high = boundaries.count
        while low < high {
            let middle = (low + high) / 2
            if boundaries[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low == boundaries.count || boundaries[low] > end
    }

    /// Everything a verdict depends on. Equality compares all of it; the hash reads only cheap parts (the host, the
    /// hour, and the last bytes of each certificate: its signature), so a lookup does not hash kilobytes of DER.
    struct Key: Hashable, Sendable {
        let chain: [[UInt8]]
        let host: String
        let manifest: PinManifest
        let anchors: ObjectIdentifier
        /// Keeps the anchor set alive while the key exists, so its identifier is never reused for another set.
        let anchorSet: AnchorSet
        let maxSignatureChecks: Int
        let hour: Int64
        /// The public suffix list's rule count, or nil without one: wildcard verdicts depend on it. The count stands
        /// for the list because a process uses one list (the system's) or none.
        let publicSuffixRules: Int?
        let profile: ValidationProfile

        init(validator: PinValidator, host: String, chain: [[UInt8]], at time: Date, limits: PathBuildingLimits) {
            self.chain = chain
            self.host = host
            manifest = validator.manifest
            anchorSet = validator.trustAnchors.anchorSet
            anchors = ObjectIdentifier(anchorSet)
            maxSignatureChecks = limits.maxSignatureChecks
            hour = Int64((time.timeIntervalSince1970 / 3_600).rounded(.down))
            publicSuffixRules = validator.publicSuffixes?.ruleCount
            profile = validator.profile
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hour == rhs.hour && lhs.anchors == rhs.anchors && lhs.maxSignatureChecks == rhs.maxSignatureChecks
                && lhs.publicSuffixRules == rhs.publicSuffixRules && lhs.host == rhs.host && lhs.chain == rhs.chain
                && lhs.manifest == rhs.manifest && lhs.profile == rhs.profile
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hour)
            hasher.combine(host)
            hasher.combine(anchors)
            hasher.combine(chain.count)
            for der in chain {
                hasher.combine(der.count)
                der.suffix(16).withUnsafeBytes { hasher.combine(bytes: $0) }
            }
        }
    }
}
