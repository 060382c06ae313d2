import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// The verdict cache may answer only for the exact input it judged: each test changes one part of the input and
/// expects a miss, and a verdict that says what judging afresh says.
@Suite("Verdict cache: hits only for the same chain, host, manifest, anchors and hour")
struct VerdictCacheTests {
    let pki = Fixtures.pki
    var host: String { pki.host }
    /// Ten minutes into the current hour, so that +40 minutes stays within it.
    let time = Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 / 3_600).rounded(.down)) * 3_600 + 600)

    let manifest: PinManifest
    /// One validator, so one anchor set: a validator made anew has new anchors, which the cache cannot tell apart.
    let validator: PinValidator

    init() {
        manifest = Fixtures.manifest(
            DomainPolicy(
                host: Fixtures.pki.host,
                pins: [
                    Fixtures.pin(Fixtures.spki(Fixtures.pki.good.leaf)),
                    Fixtures.pin(Fixtures.unrelatedPin, role: .backup),
                ]
            ))
        validator = Fixtures.validator(manifest)
    }

    /// The cache's answer, checked against a fresh verdict for the same input line by line.
    func judged(
        _ cache: VerdictCache, _ validator: PinValidator, host: String? = nil, chain: [ChainCertificate]? = nil,
        at time: Date? = nil
    ) async -> Verdict {
        let host = host ?? self.host
        let chain = chain ?? pki.good.presentedChain
        let verdict = await cache.verdict(validator, host: host, chain: chain, at: time ?? self.time)
        let fresh = await validator.validate(host: host, chain: chain, at: time ?? self.time)
        #expect(verdict.reportLines == fresh.reportLines)
        #expect(verdict.outcome == fresh.outcome)
        return verdict
    }

    @Test("the same input again is a hit, and the kept verdict says what judging afresh says")
    func repeatedIsHit() async {
        let cache = VerdictCache()
        let first = await judged(cache, validator)
        let second = await judged(cache, validator)
        #expect(first.outcome == .accepted)
        #expect(second.outcome == .accepted)
        let statistics = cache.statistics
        #expect(statistics.hits == 1)
        #expect(statistics.misses == 1)
        #expect(statistics.notCacheable == 0)
        #expect(statistics.count == 1)
        // Another copy of the same manifest and validator hits too (the manifest compares by value).
        _ = await judged(cache, Fixtures.validator(manifest, anchors: nil).withAnchors(validator.trustAnchors))
        #expect(cache.statistics.hits == 2)
    }

    @Test("a different chain misses: a rotated leaf, a chain with a certificate more, an impostor")
    func differentChainMisses() async {
        let cache = VerdictCache()
        #expect(await judged(cache, validator).outcome == .accepted)
        let rotated = await judged(cache, validator, chain: pki.rotated.presentedChain)
        #expect(rotated.outcome == .rejected)
        #expect(rotated.rejection == .pinMismatch)
        let longer = await judged(cache, validator, chain: pki.good.presentedChain + [pki.root.chainCertificate])
        #expect(longer.outcome == .accepted)
        let impostor = await judged(cache, validator, chain: pki.impostor.presentedChain)
        #expect(impostor.rejection == .untrustedChain)
        #expect(cache.statistics.hits == 0)
        #expect(cache.statistics.misses == 4)
        // The rejected impostor is judged every time (failures are not kept).
        #expect(cache.statistics.notCacheable == 1)
        #expect(cache.statistics.count == 3)
    }

    @Test("a different validation profile misses: the platform verdict is not the strict one")
    func differentProfileMisses() async throws {
        let cache = VerdictCache()
        let www = "www." + host
        let leaf = try CertificateIssuer.leaf(
            commonName: "elsewhere.pinbench.test", dnsNames: [www], issuer: pki.intermediate)
        let chain = [leaf.chainCertificate, pki.intermediate.chainCertificate]
        let strict = PinValidator(manifest: manifest, trustAnchors: validator.trustAnchors, profile: .strict)
        #expect(await judged(cache, validator, host: www, chain: chain).outcome == .notPinned)
        #expect(await judged(cache, strict, host: www, chain: chain).rejection == .commonNameNotInSAN)
        #expect(cache.statistics.hits == 0)
    }

    @Test("a different host misses, even one the same policy and certificate cover")
    func differentHostMisses() async {
        let cache = VerdictCache()
        #expect(await judged(cache, validator).outcome == .accepted)
        let www = await judged(cache, validator, host: "www." + host)
        #expect(www.outcome == .notPinned)
        let upper = await judged(cache, validator, host: host.uppercased())
        #expect(upper.host == host.uppercased())
        #expect(cache.statistics.hits == 0)
        #expect(cache.statistics.misses == 3)
    }

    @Test("a different manifest misses: other pins, report-only, lapsed")
    func differentManifestMisses() async {
        let cache = VerdictCache()
        #expect(await judged(cache, validator).outcome == .accepted)
        let otherPins = Fixtures.validator(
            Fixtures.manifest(DomainPolicy(host: host, pins: [Fixtures.pin(Fixtures.unrelatedPin)])))
        #expect(await judged(cache, otherPins).rejection == .pinMismatch)
        let reportOnly = Fixtures.validator(
            Fixtures.manifest(
                DomainPolicy(host: host, mode: .reportOnly, pins: [Fixtures.pin(Fixtures.unrelatedPin)])))
        #expect(await judged(cache, reportOnly).outcome == .reportOnlyViolation)
        let lapsed = Fixtures.validator(
            Fixtures.manifest(
                DomainPolicy(
                    host: host, expires: CalendarDay("2020-01-01"), pins: [Fixtures.pin(Fixtures.unrelatedPin)])))
        #expect(await judged(cache, lapsed).outcome == .pinsLapsed)
        #expect(cache.statistics.hits == 0)
        #expect(cache.statistics.misses == 4)
    }

    @Test("different trust anchors miss: none, or the same root loaded again")
    func differentAnchorsMiss() async {
        let cache = VerdictCache()
        #expect(await judged(cache, validator).outcome == .accepted)
        let foreign = Fixtures.validator(manifest, anchors: [pki.impostor.root])
        #expect(await judged(cache, foreign).rejection == .untrustedChain)
        // The same root in a new anchor set: the cache cannot tell the sets are equal, so it judges again.
        let reloaded = Fixtures.validator(manifest)
        #expect(await judged(cache, reloaded).outcome == .accepted)
        #expect(cache.statistics.hits == 0)
        #expect(cache.statistics.misses == 3)
    }

    @Test("another hour misses; another minute of the same hour hits")
    func differentHourMisses() async {
        let cache = VerdictCache()
        _ = await judged(cache, validator)
        _ = await judged(cache, validator, at: time.addingTimeInterval(40 * 60))
        #expect(cache.statistics.hits == 1)
        _ = await judged(cache, validator, at: time.addingTimeInterval(3_600))
        _ = await judged(cache, validator, at: time.addingTimeInterval(-3_600))
        #expect(cache.statistics.hits == 1)
        #expect(cache.statistics.misses == 3)
    }

    @Test("a verdict that changes within its hour is not kept: a leaf expiring, pins lapsing")
    func changesWithinHourNotKept() async throws {
        let cache = VerdictCache()
        let hourStart = time.addingTimeInterval(-600)
        let expiring = try CertificateIssuer.leaf(
            commonName: host, dnsNames: [host], key: .p256, issuer: pki.intermediate,
            notBefore: hourStart.addingTimeInterval(-86_400), notAfter: hourStart.addingTimeInterval(30 * 60))
        let chain = [expiring.chainCertificate, pki.intermediate.chainCertificate]
        let pinned = Fixtures.validator(
            Fixtures.manifest(DomainPolicy(host: host, pins: [Fixtures.pin(Fixtures.spki(expiring))])))
        #expect(
            await judged(cache, pinned, chain: chain, at: hourStart.addingTimeInterval(10 * 60)).outcome == .accepted)
        let later = await judged(cache, pinned, chain: chain, at: hourStart.addingTimeInterval(50 * 60))
        #expect(later.rejection == .expired)
        #expect(cache.statistics.hits == 0)
        #expect(cache.statistics.count == 0)

        // Pins lapse at midnight UTC at the end of the `expires` day.
        let day = CalendarDay(containing: time)
        let lapsing = Fixtures.validator(
            Fixtures.manifest(DomainPolicy(host: host, expires: day, pins: [Fixtures.pin(Fixtures.unrelatedPin)])))
        let midnight = try #require(day.endDate)
        let before = await judged(cache, lapsing, at: midnight.addingTimeInterval(-20 * 60))
        #expect(before.rejection == .pinMismatch)
        let after = await judged(cache, lapsing, at: midnight.addingTimeInterval(20 * 60))
        #expect(after.outcome == .pinsLapsed)
        // Midnight is the first instant of the later hour too: within the margin, so neither is kept.
        #expect(cache.statistics.hits == 0)
        #expect(cache.statistics.count == 0)
        #expect(cache.statistics.notCacheable == 4)
    }

    @Test("a deadline keeps the verdict out: a search it may cut short is not repeatable")
    func deadlineNotKept() async {
        let cache = VerdictCache()
        let limits = PathBuildingLimits(deadline: .now + .seconds(60))
        let verdict = await cache.verdict(
            validator, host: host, chain: pki.good.presentedChain, at: time, limits: limits)
        #expect(verdict.outcome == .accepted)
        #expect(cache.statistics.count == 0)
        #expect(cache.statistics.notCacheable == 1)
    }

    @Test("bounded: the oldest verdict makes room for the newest")
    func bounded() async {
        let cache = VerdictCache(capacity: 2)
        for hours in 0..<3 { _ = await judged(cache, validator, at: time.addingTimeInterval(Double(hours) * 3_600)) }
        #expect(cache.statistics.count == 2)
        _ = await judged(cache, validator, at: time.addingTimeInterval(2 * 3_600))
        #expect(cache.statistics.hits == 1)
        _ = await judged(cache, validator)  // the first was dropped
        #expect(cache.statistics.hits == 1)
        #expect(cache.statistics.count == 2)
    }

    @Test("from DER: a hit decodes nothing; bytes that are not a certificate throw")
    func fromDER() async throws {
        let cache = VerdictCache()
        let der = pki.good.presented.map(\.der)
        let first = try await cache.verdict(validator, host: host, der: der, at: time)
        let second = try await cache.verdict(validator, host: host, der: der, at: time)
        #expect(first.outcome == .accepted)
        #expect(second.reportLines == first.reportLines)
        #expect(cache.statistics.hits == 1)
        // The same chain as parsed certificates shares the entry (the key is the DER).
        _ = await cache.verdict(validator, host: host, chain: pki.good.presentedChain, at: time)
        #expect(cache.statistics.hits == 2)
        var altered = der
        altered[0][altered[0].count - 1] ^= 1
        let broken = try await cache.verdict(validator, host: host, der: altered, at: time)
        #expect(broken.outcome == .rejected)
        #expect(cache.statistics.hits == 2)
        await #expect(throws: CertificateDecodingError.self) {
            _ = try await cache.verdict(validator, host: host, der: [[0x30, 0x03, 0x02, 0x01, 0x01]], at: time)
        }
    }

    @Test("shared between tasks: each answer is the one for its own chain")
    func concurrent() async {
        let cache = VerdictCache(capacity: 4)
        let validator = self.validator
        let chains = [pki.good.presentedChain, pki.rotated.presentedChain]
        let host = self.host
        let time = self.time
        let outcomes = await withTaskGroup(of: (Int, Verdict.Outcome).self) { group in
            for index in 0..<40 {
                group.addTask {
                    (index, await cache.verdict(validator, host: host, chain: chains[index % 2], at: time).outcome)
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes.count == 40)
        for (index, outcome) in outcomes { #expect(outcome == (index % 2 == 0 ? .accepted : .rejected)) }
        #expect(cache.statistics.count == 2)
    }
}

extension PinValidator {
    /// The same manifest with these anchors (another validator value sharing the anchor set).
    fileprivate func withAnchors(_ anchors: TrustAnchors) -> PinValidator {
        PinValidator(manifest: manifest, trustAnchors: anchors)
    }
}
