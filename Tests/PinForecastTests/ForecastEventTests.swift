import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing

/// The dates on which a domain's forecast changes: each certificate of today's path expiring, each release's pins
/// lapsing, and which releases every choice the server has then would lock out.
@Suite("Forecast: the dates that matter")
struct ForecastEventTests {
    let world: ForecastWorld
    let today: PathPins

    init() async throws {
        world = try ForecastWorld()
        let verdict = await PinValidator(manifest: PinManifest(), trustAnchors: world.anchors)
            .validate(host: ForecastWorld.host, chain: world.current, at: Date())
        today = PathPins(verifiedPathOf: verdict)
    }

    func release(_ name: String, _ pins: [Pin], expires: CalendarDay? = nil) -> Release {
        Release(
            name: name, share: 25,
            manifest: PinManifest(domains: [DomainPolicy(host: ForecastWorld.host, expires: expires, pins: pins)]))
    }

    @Test("leaf, intermediate and root expiries in date order; who is locked out whatever the server chooses")
    func expiries() throws {
        let leafCert = release("leaf-cert", [Pin(type: .certSHA256, value: world.cert(world.leaf))])
        let leafKey = release("leaf-key", [Pin(type: .spkiSHA256, value: world.spki(world.leaf))])
        let caKey = release("ca-key", [Pin(type: .spkiSHA256, value: world.spki(world.intermediate))])
        let rootKey = release("root-key", [Pin(type: .spkiSHA256, value: world.spki(world.root))])
        let releases = [leafCert, leafKey, caKey, rootKey]
        let events = ForecastEvent.events(
            host: ForecastWorld.host, releases: releases, today: today, from: Date(),
            until: Date().addingTimeInterval(20 * 365 * 86_400))
        #expect(events.map(\.trigger) == [.leafExpires, .issuerExpires(level: 1), .rootExpires])
        #expect(events.map(\.date) == [world.leaf, world.intermediate, world.root].map(\.certificate.notValidAfter))
        // The leaf must be renewed: only a certificate pin on the leaf cannot survive any renewal.
        #expect(events[0].unavoidable.map(\.name) == ["leaf-cert"])
        let renewal = try #require(events[0].lockouts.first { $0.scenario == .renewalNewKey })
        #expect(renewal.releases.map(\.name) == ["leaf-cert", "leaf-key"])
        let sameKey = try #require(events[0].lockouts.first { $0.scenario == .renewalSameKey })
        #expect(sameKey.releases.map(\.name) == ["leaf-cert"])
        // The intermediate must change: its key pin cannot survive; the leaf key can stay under a sibling.
        #expect(Set(events[1].unavoidable.map(\.name)) == ["leaf-cert", "ca-key"])
        // The root must change: only the leaf's key can survive (certified by another CA).
        #expect(Set(events[2].unavoidable.map(\.name)) == ["leaf-cert", "ca-key", "root-key"])
    }

    @Test("a release whose pins lapse before the leaf expires is never locked out by its renewal")
    func lapseComesFirst() throws {
        let leafNotAfter = world.leaf.certificate.notValidAfter
        let lapse = CalendarDay(containing: leafNotAfter.addingTimeInterval(-10 * 86_400))
        let lapsing = release("lapsing", [Pin(type: .certSHA256, value: world.cert(world.leaf))], expires: lapse)
        let events = ForecastEvent.events(
            host: ForecastWorld.host, releases: [lapsing], today: today, from: Date(),
            until: leafNotAfter.addingTimeInterval(86_400))
        #expect(events.map(\.trigger) == [.releaseLapses(release: "lapsing"), .leafExpires])
        #expect(events[0].date == lapse.endDate)
        #expect(events[1].unavoidable.isEmpty)
        #expect(events[1].lockouts.allSatisfy { $0.releases.isEmpty })
        // A window that ends before anything happens has no events.
        #expect(
            ForecastEvent.events(
                host: ForecastWorld.host, releases: [lapsing], today: today, from: Date(),
                until: Date().addingTimeInterval(86_400)
            ).isEmpty)
    }
}
