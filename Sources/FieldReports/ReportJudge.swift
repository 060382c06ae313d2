import Foundation
import PinForecast
import PinningCore
import X509

/// Judges reports with the core's one host validator (``PinValidator``), under the pins of the release the report's
/// app version maps to, at the time the collector received it. What a report claims (its known pins, its time) is
/// compared with what PinBench finds, never taken as the answer.
///
/// A publicly trusted chain the pins reject is a lockout only when PinBench knows its certificate: the CT watch found
/// it in a log (``LoggedCertificates``), or a release or the working manifest pins its leaf's key (the forecast's
/// rotation plan). Otherwise it is `suspicious`, and the reason says what CT evidence there was.
///
/// A flood shares a few chains, so the chain's part of a judgement is kept (``JudgementCache``) and only the report's
/// own part (its clock, its known pins) is decided again; ``judge(_:at:cached:)`` with `cached: false` is the plain
/// path the tests hold the cache to.
public final class ReportJudge: Sendable {
    /// The releases the app versions map to, each with the validator of its pins.
    private let releases: [(name: String, validator: PinValidator)]
    private let releaseByVersion: [String: Int]
    /// The working manifest's validator, for a version no release names.
    private let working: PinValidator
    private let cache: JudgementCache
    /// Every time at which a trust anchor starts or stops being valid, sorted: a chain's facts are not kept through
    /// an hour that holds one (a root that expires then would change a served chain's verdict without being in it).
    private let anchorBoundaries: [Date]
    private let trustAnchors: TrustAnchors
    /// Every release's manifest and the working one: a leaf whose key one of them pins for the host is known.
    private let plans: [PinManifest]
    /// What the CT watch found in the logs, or nil when no watch state was given.
    private let logged: LoggedCertificates?

    /// `releases` from the releases file, `manifest` the working manifest, `trustAnchors` the trust store default
    /// evaluation uses, `logged` what the CT watch's state holds (nil: no CT evidence). `cacheCapacity` chains'
    /// judgements are kept (the oldest dropped first).
    public init(
        manifest: PinManifest, releases: [Release], trustAnchors: TrustAnchors, logged: LoggedCertificates? = nil,
        cacheCapacity: Int = 4_096
    ) {
        self.releases = releases.map { ($0.name, PinValidator(manifest: $0.manifest, trustAnchors: trustAnchors)) }
        var byVersion: [String: Int] = [:]
        for (index, release) in releases.enumerated() where byVersion[release.name] == nil {
            byVersion[release.name] = index
        }
        releaseByVersion = byVersion
        working = PinValidator(manifest: manifest, trustAnchors: trustAnchors)
        cache = JudgementCache(capacity: cacheCapacity)
        anchorBoundaries = trustAnchors.certificates.flatMap { [$0.notValidBefore, $0.notValidAfter] }.sorted()
        self.trustAnchors = trustAnchors
        plans = releases.map(\.manifest) + [manifest]
        self.logged = logged
    }

    /// How the chain cache has answered: for tests and the benchmark.
    public var cacheStatistics: JudgementCache.Statistics { cache.statistics }

    /// The release an app version maps to: the one named exactly so, else `v` and the version (tags are often so).
    public func releaseIndex(for version: String?) -> Int? {
        guard let version else { return nil }
        return releaseByVersion[version] ?? releaseByVersion["v" + version]
    }

    /// The judgement of `report` received at `time`.
    public func judge(_ report: FieldReport, at time: Date, cached: Bool = true) async -> ReportJudgement {
        let index = releaseIndex(for: report.appVersion)
        let releaseName = index.map { releases[$0].name }
        let certificates: [[UInt8]]
        switch report.chainToJudge {
        case .none:
            return ReportJudgement(
                kind: .unjudgeable, reason: .noChain, release: releaseName,
                detail: "the report carries no certificate chain")
        case .unreadable(let problem):
            return ReportJudgement(
                kind: .unjudgeable, reason: .unreadableChain, release: releaseName, detail: problem)
        case .certificates(let list):
            certificates = list
        }
        let key = JudgementCache.Key(
            release: index ?? -1, host: report.host, chain: ReportKey.chainDigest(report.chainToJudge),
            hour: Int64((time.timeIntervalSince1970 / 3_600).rounded(.down)))
        let facts: ChainFacts
        if cached, let kept = cache.lookUp(key) {
            facts = kept
        } else {
            let validator = index.map { releases[$0].validator } ?? working
            facts = await Self.facts(
                certificates, host: report.host, validator: validator, anchors: trustAnchors, plans: plans, at: time)
            if cached, facts.staysValid(through: key.hour), !anchorBoundary(within: key.hour) {
                cache.keep(facts, for: key)
            }
        }
        return Self.classify(report, facts: facts, release: releaseName, logged: logged)
    }

    /// True when a trust anchor's validity starts or ends within `hour` (a second of margin each side).
    func anchorBoundary(within hour: Int64) -> Bool {
        let start = Date(timeIntervalSince1970: Double(hour) * 3_600 - 1)
        let end = Date(timeIntervalSince1970: Double(hour + 1) * 3_600 + 1)
        // The first boundary at or after `start`, by binary search.
        var low = 0
        var high = anchorBoundaries.count
        while low < high {
            let middle = (low + high) / 2
            if anchorBoundaries[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < anchorBoundaries.count && anchorBoundaries[low] <= end
    }

    /// What the validator finds about a chain: all a judgement needs besides the report's own claims.
    static func facts(
        _ chain: [[UInt8]], host: String, validator: PinValidator, anchors: TrustAnchors, plans: [PinManifest],
        at time: Date
    ) async -> ChainFacts {
        var decoded: [ChainCertificate] = []
        for (position, der) in chain.enumerated() {
            guard let certificate = try? ChainCertificate(derEncoded: der) else {
                return ChainFacts(unreadable: "certificate \(position) of the chain is not an X.509 certificate")
            }
            decoded.append(certificate)
        }
        let verdict = await validator.validate(host: host, chain: decoded, at: time)
        let top = decoded[decoded.count - 1].details
        let leaf = decoded[0].details
        var boundaries = decoded.flatMap { [$0.details.notBefore, $0.details.notAfter] }
        if let lapse = verdict.policy?.expires?.endDate { boundaries.append(lapse) }
        var facts = ChainFacts(
            outcome: verdict.outcome, rejection: verdict.rejection,
            policyPins: Set(verdict.policy?.pins.filter { $0.type == .spkiSHA256 }.map(\.value) ?? []),
            pinned: verdict.policy != nil, leafNotBefore: leaf.notBefore, leafNotAfter: leaf.notAfter,
            topIssuer: top.isSelfIssued ? top.subject : top.issuer, boundaries: boundaries,
            statement: verdict.statement)
        facts.leafIssuer = leaf.issuer
        facts.pathPins = Set(verdict.certificates.filter(\.inVerifiedPath).map(\.details.spkiPin))
        if let certificate = decoded[0].certificate {
            facts.leafIdentity = LoggedCertificates.Identity(certificate, spkiPin: leaf.spkiPin)
            // The core's CT policy counts embedded SCTs from distinct logs: a leaf with none fails it whatever the log
            // list (an SCT list that cannot be read fails it too).
            facts.leafHasSCTs = ((try? SignedCertificateTimestamp.embedded(in: certificate)) ?? []).isEmpty == false
        }
        facts.leafPlanned = plans.contains { plan in
            plan.policy(for: host)?.pins.contains {
                ($0.type == .spkiSHA256 && $0.value == leaf.spkiPin)
                    || ($0.type == .certSHA256 && $0.value == leaf.certPin)
            } ?? false
        }
        if verdict.outcome == .rejected, verdict.rejection != .pinMismatch {
            facts.reachesAnchor = Self.reachesAnchor(decoded, anchors: anchors)
        }
        return facts
    }

    /// True when the leaf of `chain` is linked to a trust anchor by the chain's certificates: each signed by the
    /// next (by key, never by name alone: a proxy's root may carry a public root's name, and a forged leaf may come
    /// with a real intermediate appended), the last an anchor or signed by one. A leaf whose key swift-certificates
    /// refuses cannot be checked by signature: its link to its issuer is taken by name, the rest by key. False for a
    /// chain that only a root outside the store could have issued, however the validator first refused it.
    static func reachesAnchor(_ chain: [ChainCertificate], anchors: TrustAnchors) -> Bool {
        let parsed = chain.compactMap(\.certificate)
        var frontier: [Certificate]
        if let leaf = chain.first?.certificate {
            frontier = [leaf]
        } else if let issuerName = chain.first?.details.issuer {
            // The refused leaf's issuer by name: an anchor of that name, or the chain's certificates of that name.
            if anchors.certificates.contains(where: { CertificateDetails($0).subject == issuerName }) { return true }
            frontier = parsed.filter { CertificateDetails($0).subject == issuerName }
        } else {
            return false
        }
        var visited = Set(frontier.map(\.derBytes))
        // Each step adds a certificate of the chain not yet visited: at most as many steps as certificates.
        while let current = frontier.popLast() {
            if anchors.contains(current) { return true }
            if anchors.certificates(withSubject: current.issuer).contains(where: { current.isSigned(by: $0) }) {
                return true
            }
            for issuer in parsed where issuer.subject == current.issuer && !visited.contains(issuer.derBytes) {
                if current.isSigned(by: issuer) {
                    visited.insert(issuer.derBytes)
                    frontier.append(issuer)
                }
            }
        }
        return false
    }

    /// The judgement from the chain's facts and the report's own claims.
    static func classify(
        _ report: FieldReport, facts: ChainFacts, release: String?, logged: LoggedCertificates?
    ) -> ReportJudgement {
        let under = release.map { "release \($0)" } ?? "the working manifest (no release named for this app version)"
        if let unreadable = facts.unreadable {
            return ReportJudgement(kind: .unjudgeable, reason: .unreadableChain, release: release, detail: unreadable)
        }
        switch facts.outcome {
        case .accepted, .notPinned, .pinsLapsed:
            // The device's own pins, when it names them, decide whether that build is locked out: a trusted chain
            // none of them matches fails on every such device, whatever release the version maps to.
            let devicePins = Set(report.knownPins)
            if !devicePins.isEmpty, devicePins.isDisjoint(with: facts.pathPins) {
                let enforced = report.enforcePinning ?? true
                if let unknown = unknownCertificate(facts, release: release, logged: logged) { return unknown }
                return ReportJudgement(
                    kind: .lockout, reason: enforced ? .devicePinsReject : .reportOnlyPinsReject, release: release,
                    detail: "a trusted chain that none of the app's own pins matches"
                        + (enforced
                            ? ": that build is locked out" : " (the app only reports: nobody is locked out yet)")
                        + (release == nil ? "; its version is not in the releases file" : ""))
            }
            // A local time of unknown zone is outside only when all the instants it can stand for are.
            if let time = report.deviceTime?.instants,
                time.upperBound < facts.leafNotBefore || time.lowerBound > facts.leafNotAfter
            {
                let written =
                    Timestamp.format(time.lowerBound)
                    + (time.lowerBound == time.upperBound
                        ? ""
                        : " to "
                            + Timestamp.format(time.upperBound) + " (a local time of unknown zone)")
                return ReportJudgement(
                    kind: .clientFault, reason: .deviceClock, release: release,
                    detail: "the device's time \(written) is outside the leaf's validity "
                        + "(\(Timestamp.format(facts.leafNotBefore)) to \(Timestamp.format(facts.leafNotAfter))); "
                        + "PinBench accepts the chain under \(under)")
            }
            if !report.knownPins.isEmpty, Set(report.knownPins) != facts.policyPins {
                return ReportJudgement(
                    kind: .clientFault, reason: .knownPinsDiffer, release: release,
                    detail: "the app's known pins are not the pins of \(under), which accepts the chain: the version "
                        + "maps to other pins than the build carries")
            }
            return ReportJudgement(
                kind: .clientFault, reason: .acceptedHere, release: release,
                detail: "PinBench accepts the chain under \(under) and the device's clock is in range: a stale "
                    + "trust store or a bug in the client")
        case .reportOnlyViolation:
            if let unknown = unknownCertificate(facts, release: release, logged: logged) { return unknown }
            return ReportJudgement(
                kind: .lockout, reason: .reportOnlyPinsReject, release: release,
                detail: "a trusted chain that the pins of \(under) reject; the domain is report-only, so no one is "
                    + "locked out yet")
        case .rejected:
            if !facts.reachesAnchor {
                return ReportJudgement(
                    kind: .interception, reason: .untrustedRoot, release: release, issuer: facts.topIssuer,
                    detail: "a chain to a root outside the trust store, issued by \(facts.topIssuer)")
            }
            switch facts.rejection {
            case .pinMismatch:
                if let unknown = unknownCertificate(facts, release: release, logged: logged) { return unknown }
                return ReportJudgement(
                    kind: .lockout, reason: .pinsReject, release: release,
                    detail: "a trusted chain that the pins of \(under) reject: users of it are locked out")
            default:
                return ReportJudgement(
                    kind: .invalidChain, reason: .chainRejected, release: release, rejection: facts.rejection,
                    detail: facts.statement)
            }
        }
    }
}

extension ReportJudge {
    /// For a trusted chain the pins reject: nil when PinBench knows its leaf (the CT watch found it logged, or a
    /// release or the working manifest pins its key), else the `suspicious` judgement naming the CT evidence.
    static func unknownCertificate(
        _ facts: ChainFacts, release: String?, logged: LoggedCertificates?
    ) -> ReportJudgement? {
        if facts.leafPlanned { return nil }
        if let identity = facts.leafIdentity, logged?.contains(identity) == true { return nil }
        let what = "a trusted chain the pins reject, for a certificate no release pins"
        if !facts.leafHasSCTs {
            return ReportJudgement(
                kind: .suspicious, reason: .noSCTs, release: release, issuer: facts.leafIssuer,
                detail: "\(what) and that carries no SCT: no CT log promised to hold it (issued by \(facts.leafIssuer))"
            )
        }
        if let logged, logged.logsRead {
            return ReportJudgement(
                kind: .suspicious, reason: .notLogged, release: release, issuer: facts.leafIssuer,
                detail: "\(what) and that the CT watch did not find in the logs it read (issued by \(facts.leafIssuer))"
            )
        }
        return ReportJudgement(
            kind: .suspicious, reason: .ctUnknown, release: release, issuer: facts.leafIssuer,
            detail: "\(what); whether a CT log holds it is unknown ("
                + (logged == nil ? "no CT watch state was given" : "the CT watch has read no log yet")
                + "): issued by \(facts.leafIssuer)")
    }
}

/// The part of a judgement that depends only on the chain, the host, the release and the hour.
public struct ChainFacts: Sendable {
    var outcome: Verdict.Outcome = .rejected
    var rejection: Verdict.Rejection?
    var policyPins: Set<String> = []
    var pinned = false
    var leafNotBefore = Date.distantPast
    var leafNotAfter = Date.distantFuture
    var topIssuer = ""
    /// Every time at which the verdict could change: the certificates' validity ends, the pins' lapse.
    var boundaries: [Date] = []
    var statement = ""
    /// The SPKI pins of the verified path's certificates (empty when trust failed).
    var pathPins: Set<String> = []
    /// Whether a certificate of the chain is a trust anchor or signed by one (``ReportJudge/reachesAnchor(_:anchors:)``).
    var reachesAnchor = true
    /// The leaf as a CT finding names it (nil when its key is refused), whether it embeds SCTs, whether a release or
    /// the working manifest pins its key for the host, and its issuer's name.
    var leafIdentity: LoggedCertificates.Identity?
    var leafHasSCTs = false
    var leafPlanned = false
    var leafIssuer = ""
    /// Set when a certificate is not X.509: the rest is unset.
    var unreadable: String?

    init(
        outcome: Verdict.Outcome, rejection: Verdict.Rejection?, policyPins: Set<String>, pinned: Bool,
        leafNotBefore: Date, leafNotAfter: Date, topIssuer: String, boundaries: [Date], statement: String
    ) {
        self.outcome = outcome
        self.rejection = rejection
        self.policyPins = policyPins
        self.pinned = pinned
        self.leafNotBefore = leafNotBefore
        self.leafNotAfter = leafNotAfter
        self.topIssuer = topIssuer
        self.boundaries = boundaries
        self.statement = statement
    }

    init(unreadable: String) {
        self.unreadable = unreadable
    }

    /// True when no boundary falls within the hour (a second of margin each side), so the verdict judged at one
    /// instant of it holds for all of it. The trust store is fixed for the judge's life.
    func staysValid(through hour: Int64) -> Bool {
        let window =
            Date(
                timeIntervalSince1970: Double(hour) * 3_600 - 1)...Date(
                timeIntervalSince1970: Double(hour + 1) * 3_600 + 1)
        return !boundaries.contains { window.contains($0) }
    }
}

/// The chains' facts already found, bounded: `capacity` entries, the oldest dropped first. Safe to share.
public final class JudgementCache: @unchecked Sendable {
    // @unchecked: every stored property is read and written with `lock` held.
    public struct Statistics: Hashable, Sendable {
        public var hits = 0
        public var misses = 0
        public var count = 0
    }

    struct Key: Hashable, Sendable {
        let release: Int
        let host: String
        let chain: String
        let hour: Int64
    }

    let capacity: Int
    private let lock = NSLock()
    private var entries: [Key: ChainFacts] = [:]
    private var order: [Key] = []
    private var oldest = 0
    private var counts = Statistics()

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var statistics: Statistics {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    func lookUp(_ key: Key) -> ChainFacts? {
        lock.lock()
        defer { lock.unlock() }
        if let kept = entries[key] {
            counts.hits += 1
            return kept
        }
        counts.misses += 1
        return nil
    }

    func keep(_ facts: ChainFacts, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        guard entries[key] == nil else { return }
        if order.count < capacity {
            order.append(key)
        } else {
            entries[order[oldest]] = nil
            order[oldest] = key
            oldest = (oldest + 1) % capacity
        }
        entries[key] = facts
        counts.count = entries.count
    }
}
