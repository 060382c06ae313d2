import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing

/// What the next release must carry: the pins of today's path each scenario keeps, whether the working manifest
/// already holds it, and the ship-by date (the forcing expiry less the lead time).
@Suite("Forecast: advice for the next release")
struct ForecastAdviceTests {
    @Test("a leaf-key-only candidate is safe but for a new leaf key; the advice names the pins that would hold")
    func leafKeyOnly() async throws {
        let world = try ForecastWorld()
        let verdict = await PinValidator(manifest: PinManifest(), trustAnchors: world.anchors)
            .validate(host: ForecastWorld.host, chain: world.current, at: Date())
        let today = PathPins(verifiedPathOf: verdict)
        let candidate = DomainPolicy(
            host: ForecastWorld.host, pins: [Pin(type: .spkiSHA256, value: world.spki(world.leaf))])
        let advice = ForecastAdvice.advise(candidate: candidate, today: today, at: Date(), leadTimeDays: 90)
        #expect(advice.map(\.scenario) == Scenario.synthesised)
        let unsafe = advice.filter { !$0.safe }.map(\.scenario)
        #expect(unsafe == [.renewalNewKey, .rootOnly])
        let newKey = try #require(advice.first { $0.scenario == .renewalNewKey })
        #expect(newKey.backupKeyHelps)
        // The intermediate's and the root's keys (then their certificates) would hold a renewal with a new key.
        #expect(
            newKey.candidates.map(\.value) == [
                world.spki(world.intermediate), world.spki(world.root), world.cert(world.intermediate),
                world.cert(world.root),
            ])
        let leafExpiry = world.leaf.certificate.notValidAfter
        #expect(newKey.shipBy == leafExpiry.addingTimeInterval(-90 * 86_400))
        let rotation = try #require(advice.first { $0.scenario == .issuerRotation })
        #expect(rotation.safe && !rotation.backupKeyHelps)
        #expect(rotation.shipBy == world.intermediate.certificate.notValidAfter.addingTimeInterval(-90 * 86_400))
        #expect(
            rotation.candidates.map(\.value) == [
                world.spki(world.leaf), world.spki(world.root), world.cert(world.root),
            ])
        // With the root's key pinned too, every scenario is safe.
        var both = candidate
        both.pins.append(Pin(type: .spkiSHA256, value: world.spki(world.root), role: .backup))
        let all = ForecastAdvice.advise(candidate: both, today: today, at: Date(), leadTimeDays: 90)
        #expect(all.allSatisfy { $0.safe })
    }
}
