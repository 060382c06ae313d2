import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing

/// The forecast run as `pinbench forecast` makes it: settings from what the user gave, the hosts judged, the deploy
/// gate, and the report in words.
@Suite("Forecast: report, gate and settings")
struct ForecastReportTests {
    let at = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("settings refuse an --until not after --at, an unknown scenario, and planned without a planned chain")
    func settingsRefusals() throws {
        let cases: [(String?, String?, Bool, String)] = [
            ("2020-01-01", nil, false, "is not after --at"), ("tomorrow", nil, false, "is not a date"),
            (nil, "renewal-new-key,bogus", false, "--gate bogus is not a scenario"),
            (nil, "planned", false, "--gate planned needs the chain you intend to deploy"),
        ]
        for (until, gate, planned, words) in cases {
            let error = #expect(throws: ForecastInputError.self) {
                try ForecastSettings(at: at, until: until, leadTime: 90, gate: gate, planned: planned, maxLockout: 0)
            }
            #expect(error?.message.contains(words) == true, "\(error?.message ?? "nothing thrown")")
        }
        let settings = try ForecastSettings(
            at: at, until: nil, leadTime: 90, gate: " ca-switch ,renewal-new-key,ca-switch", planned: true,
            maxLockout: 5)
        #expect(settings.gated == [.planned, .caSwitch, .renewalNewKey])
        #expect(settings.until == at.addingTimeInterval(365 * 86_400))
    }

    @Test("hosts: the manifest's, then the chains'; a planned chain for a host not forecast is refused")
    func chains() throws {
        let chain = try ForecastWorld().current
        let manifest = PinManifest(domains: [DomainPolicy(host: "b.example"), DomainPolicy(host: "a.example")])
        let all = try ForecastChains(
            given: [], manifest: manifest, served: [("c.example", chain), ("a.example", chain)],
            planned: [("d.example", chain)])
        #expect(all.hosts == ["b.example", "a.example", "c.example", "d.example"])
        let error = #expect(throws: ForecastInputError.self) {
            try ForecastChains(given: ["a.example"], manifest: manifest, served: [], planned: [("d.example", chain)])
        }
        #expect(error?.message.contains("--planned names d.example") == true)
    }

    @Test("the gate fails a scenario over --max-lockout and one that could not be judged; the text says both")
    func gateAndText() async throws {
        let world = try ForecastWorld()
        let shipped = world.releases()
        let candidate = Release(name: "next", manifest: shipped[1].manifest)
        let settings = try ForecastSettings(
            at: Date(), until: nil, leadTime: 90, gate: "renewal-new-key", planned: false, maxLockout: 5)
        let chains = try ForecastChains(
            given: [ForecastWorld.host, "unserved.example"], manifest: PinManifest(),
            served: [(ForecastWorld.host, world.current)], planned: [])
        let report = await settings.report(
            shipped: shipped, candidate: candidate, chains: chains, judge: ForecastJudge(trustAnchors: world.anchors))
        #expect(!report.gate.passed)
        let failures = report.gate.failures
        #expect(failures.map(\.host) == [ForecastWorld.host, "unserved.example"])
        #expect(failures[0].percent > 5 && failures[1].unjudged != nil)
        let lines = ForecastText.lines(report)
        #expect(lines.first == "Forecast at \(ForecastText.day(report.at)) for \(shipped.count) releases")
        #expect(lines.contains { $0.hasPrefix("GATE \(ForecastWorld.host) renewal-new-key: locks out ") })
        #expect(lines.contains { $0.hasPrefix("GATE unserved.example renewal-new-key: not judged: ") })
        let header = try #require(lines.first { $0.hasPrefix("  RELEASE") })
        #expect(header.contains("SHARE") && header.contains("renewal-new-key"))
        #expect(!lines.contains { $0.hasPrefix("Gate passed") })
    }

    @Test("shares: whole percents without a decimal, others with one")
    func shares() {
        #expect(ReleaseShare.percent(38) == "38%")
        #expect(ReleaseShare.percent(12.5) == "12.5%")
        #expect(ReleaseShare.percent(0) == "0%")
    }
}
