import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing

/// The forecast written a domain at a time: the JSON is the document the whole report encodes to, byte for byte,
/// and the text is today's for a few domains and a summary for a fleet.
@Suite("Forecast: streamed JSON and text")
struct ForecastStreamTests {
    let at = Date()

    func fleet(hosts: [String], world: ForecastWorld) async -> (FleetForecast, ForecastChains) {
        let chains = try! ForecastChains(
            given: hosts, manifest: PinManifest(), served: hosts.map { ($0, world.current) }, planned: [])
        var fleet = await FleetForecast(chains: chains, judge: ForecastJudge(trustAnchors: world.anchors), at: at)
        for release in world.releases() { fleet.add(release) }
        fleet.add(Release(name: "next", manifest: world.releases()[1].manifest))
        return (fleet, chains)
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    @Test(
        "--json streamed equals the whole report's canonical document, with domains and with none",
        arguments: [
            [ForecastWorld.host, "unserved.example"], [],
        ])
    func json(hosts: [String]) async throws {
        let world = try ForecastWorld()
        let shipped = world.releases()
        let settings = try ForecastSettings(
            at: at, until: nil, leadTime: 90, gate: "renewal-new-key", planned: false, maxLockout: 5)
        let chains = try ForecastChains(
            given: hosts, manifest: PinManifest(),
            served: hosts.isEmpty ? [] : [(ForecastWorld.host, world.current)], planned: [])
        let candidate = Release(name: "next", manifest: shipped[1].manifest)
        let judge = ForecastJudge(trustAnchors: world.anchors)
        let report = await settings.report(shipped: shipped, candidate: candidate, chains: chains, judge: judge)
        let whole = try CanonicalJSON.encode(report, encoder: Self.encoder())

        var fleet = await FleetForecast(chains: chains, judge: judge, at: at)
        for release in shipped + [candidate] { fleet.add(release) }
        var written = Data()
        var pieces = 0
        var stream = ForecastJSONStream {
            written.append($0)
            pieces += 1
        }
        try settings.stream(fleet, candidate: candidate.manifest, unreachable: ["down.example"], into: &stream)
        // The same document but for the unreachable host given to the stream only.
        var expected = try #require(try JSONSerialization.jsonObject(with: whole) as? [String: Any])
        expected["unreachable"] = ["down.example"]
        let reference = try CanonicalJSON.encode(
            ForecastReport(
                at: report.at, until: report.until, leadTimeDays: report.leadTimeDays,
                shippedReleases: report.shippedReleases, domains: report.domains, unreachable: ["down.example"],
                gate: report.gate), encoder: Self.encoder())
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
        #expect(pieces >= 1)
        let parsed = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect(NSDictionary(dictionary: parsed).isEqual(to: expected))
        #expect((parsed["domains"] as? [Any])?.count == hosts.count)
    }

    @Test("a few domains are printed in full, as the report's lines")
    func fewInFull() async throws {
        let world = try ForecastWorld()
        let (fleet, _) = await fleet(hosts: [ForecastWorld.host, "b.pinbench.test"], world: world)
        let settings = try ForecastSettings(at: at, until: nil, leadTime: 90, gate: nil, planned: false, maxLockout: 0)
        var lines: [String] = []
        var text = ForecastTextStream { lines += $0 }
        var collector = ForecastCollector()
        try settings.stream(fleet, candidate: PinManifest(), unreachable: [], into: &text)
        try settings.stream(fleet, candidate: PinManifest(), unreachable: [], into: &collector)
        #expect(lines == ForecastText.lines(try #require(collector.report)))
    }

    @Test("a fleet is summarised: outcomes counted, breaking domains and releases named a few at a time; --domain")
    func fleetSummary() async throws {
        let world = try ForecastWorld()
        let others = (1...14).map { "h\($0).example" }
        let (fleet, _) = await fleet(hosts: [ForecastWorld.host] + others, world: world)
        let settings = try ForecastSettings(
            at: at, until: nil, leadTime: 90, gate: "renewal-new-key", planned: false, maxLockout: 0)
        var lines: [String] = []
        var text = ForecastTextStream(domains: ["H3.example"]) { lines += $0 }
        try settings.stream(fleet, candidate: PinManifest(), unreachable: [], into: &text)
        let releases = world.releases().count
        #expect(lines.first == "Forecast at \(ForecastText.day(at)) for \(releases) releases and 15 domains")
        // 15 domains x 10 shipped releases x 6 scenarios for the one the leaf names; the others' chains are refused
        // (the leaf does not name them), so they have the current scenario only.
        let cells = try #require(lines.first { $0.hasPrefix("Cells (domain x shipped release x scenario): ") })
        let counts = cells.split(separator: ":")[1].split(separator: ",").map {
            Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0])!
        }
        #expect(counts.reduce(0, +) == releases * (6 + 14))
        #expect(cells.contains("140 refused"))
        let breaking = try #require(lines.first { $0.hasPrefix("Domains that lock out a shipped release: 15 of 15: ") })
        #expect(breaking.hasSuffix(" and 5 more"))
        #expect(lines.contains { $0.hasPrefix("Releases locked out somewhere: 10 of 10: ") })
        // Only h3 in full: its name on a line of its own, one matrix.
        #expect(lines.contains("h3.example"))
        #expect(!lines.contains(ForecastWorld.host))
        #expect(lines.filter { $0.hasPrefix("  RELEASE") }.count == 1)
        // 15 gate failures: 10 shown, the rest counted.
        #expect(lines.filter { $0.hasPrefix("GATE ") }.count == ForecastSummary.listed)
        #expect(lines.contains("and 5 more gate failures (--json lists every one)"))
    }
}
