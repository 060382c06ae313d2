import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing

/// Where the synthesised scenarios start: today's verified path, taken only from a chain default trust accepts
/// (``Verdict/isTrusted``), with each certificate's expiry read from the certificate itself.
@Suite("Forecast: today's path")
struct ForecastTodayTests {
    let world: ForecastWorld

    init() throws {
        world = try ForecastWorld()
    }

    func verdict(_ pins: [Pin], chain: [ChainCertificate], anchors: TrustAnchors? = nil) async -> Verdict {
        let manifest = PinManifest(domains: [DomainPolicy(host: ForecastWorld.host, pins: pins)])
        return await PinValidator(manifest: manifest, trustAnchors: anchors ?? world.anchors)
            .validate(host: ForecastWorld.host, chain: chain, at: Date())
    }

    @Test("a pin mismatch is still a trusted path; an untrusted chain is not; accepted, report-only and lapsed are")
    func trustedVerdicts() async throws {
        let otherKey = Pin(type: .spkiSHA256, value: world.spki(world.otherRoot))
        let mismatch = await verdict([otherKey], chain: world.current)
        #expect(mismatch.rejection == .pinMismatch)
        #expect(mismatch.isTrusted && !mismatch.allowsConnection)
        let untrusted = await verdict(
            [otherKey], chain: world.current, anchors: TrustAnchors(certificates: [world.otherRoot.certificate]))
        #expect(untrusted.rejection == .untrustedChain)
        #expect(!untrusted.isTrusted)
        let accepted = await verdict([Pin(type: .spkiSHA256, value: world.spki(world.leaf))], chain: world.current)
        #expect(accepted.outcome == .accepted && accepted.isTrusted)
        let notPinned = await verdict([], chain: world.current)
        #expect(notPinned.isTrusted)
    }

    @Test("an untrusted current chain gives no scenario to synthesise; a trusted one gives today's path")
    func todayOnlyFromTrust() async throws {
        let releases = world.releases()
        let untrusted = await ForecastJudge(trustAnchors: TrustAnchors(certificates: [world.otherRoot.certificate]))
            .forecast(host: ForecastWorld.host, releases: releases, current: world.current, at: Date())
        #expect(untrusted.scenarios == [.current])
        #expect(untrusted.today == nil)
        let trusted = await ForecastJudge(trustAnchors: world.anchors)
            .forecast(host: ForecastWorld.host, releases: releases, current: world.current, at: Date())
        let today = try #require(trusted.today)
        // Leaf, intermediate, root: each level's expiry is its certificate's notAfter.
        #expect(
            today.levels.map(\.notAfter)
                == [world.leaf, world.intermediate, world.root].map { $0.certificate.notValidAfter })
        #expect(today.levels.map(\.spki) == [world.leaf, world.intermediate, world.root].map(world.spki))
    }

    @Test("events are values: the same forecast twice is equal and hashes alike; other lockouts make another event")
    func eventsAreValues() async throws {
        let today = try #require(
            await ForecastJudge(trustAnchors: world.anchors)
                .forecast(host: ForecastWorld.host, releases: [], current: world.current, at: Date()).today)
        let releases = world.releases()
        let end = Date().addingTimeInterval(30 * 365 * 86_400)
        let first = ForecastEvent.events(
            host: ForecastWorld.host, releases: releases, today: today, from: Date(), until: end)
        let second = ForecastEvent.events(
            host: ForecastWorld.host, releases: releases, today: today, from: Date(), until: end)
        #expect(first == second)
        #expect(Set(first + second).count == first.count)
        let fewer = ForecastEvent.events(
            host: ForecastWorld.host, releases: Array(releases.prefix(2)), today: today, from: Date(), until: end)
        #expect(fewer.map(\.date) == first.map(\.date))
        #expect(fewer != first)
        #expect(Set(fewer + first).count == first.count * 2)
    }
}
