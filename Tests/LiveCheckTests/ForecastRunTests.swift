import CommandText
import DemoLab
import Foundation
import LiveCheck
import PinForecast
import PinningCore
import TestSupport
import Testing

/// `forecast`'s run against the real demo lab on 127.0.0.1: the working manifest is the next release, today's chain
/// fetched live (or not at all), and the releases file beside the manifest read.
@Suite("Forecasting from the lab", .serialized)
struct ForecastRunTests {
    func run(live: Bool, hosts: (CheckRunTests.Fixture) throws -> [String]) async throws -> ForecastReport {
        let fixture = try await CheckRunTests.Fixture()
        defer { fixture.lab.stop() }
        let manifest = fixture.document.manifest
        let chains = try ForecastChains(given: try hosts(fixture), manifest: manifest, served: [], planned: [])
        let settings = try ForecastSettings(
            at: Date(), until: nil, leadTime: 90, gate: nil, planned: false, maxLockout: 0)
        return try await ForecastRun(
            settings: settings, manifest: fixture.document.url, next: manifest,
            anchors: fixture.anchors, chains: chains, liveDeadline: live ? .seconds(5) : nil
        ).run()
    }

    @Test("live: the good domain's chain is fetched, so today's path and its scenarios are judged; no release listed")
    func live() async throws {
        var good = ""
        let report = try await run(live: true) { fixture in
            good = try fixture.domain(.good).host
            return [good]
        }
        #expect(report.shippedReleases == 0)
        #expect(report.unreachable.isEmpty)
        let forecast = try #require(report.domains.first?.forecast)
        #expect(forecast.host == good)
        #expect(forecast.releases.map(\.name) == ["next (lab.json)"])
        #expect(forecast.today != nil)
        #expect(forecast.scenarios.contains(.current))
    }

    @Test("not live: no chain today, so no current scenario and nothing fetched")
    func offline() async throws {
        let report = try await run(live: false) { fixture in [try fixture.domain(.good).host] }
        let forecast = try #require(report.domains.first?.forecast)
        #expect(forecast.today == nil)
        #expect(!forecast.scenarios.contains(.current))
        #expect(report.unreachable.isEmpty)
    }
}

/// `forecast --json` streamed over the lab's releases (the demo releases the lab writes beside its manifest, each read
/// from its file): the document written a domain at a time is the one the whole report encodes to, byte for byte,
/// and Python's `json.tool` reads it.
@Suite("Forecasting from the lab: streamed JSON", .serialized)
struct ForecastStreamedRunTests {
    @Test("every domain of the lab, live, with the lab's releases: streamed JSON equals the whole document")
    func streamedEqualsWhole() async throws {
        let fixture = try await CheckRunTests.Fixture()
        defer { fixture.lab.stop() }
        let url = fixture.document.url
        try LabReleasesWriter.write(
            fixture.lab, besideManifest: url, rootAnchorPath: fixture.document.manifest.trustAnchors[0],
            replacing: false)
        let manifest = fixture.document.manifest
        let chains = try ForecastChains(given: [], manifest: manifest, served: [], planned: [])
        let settings = try ForecastSettings(
            at: Date(), until: nil, leadTime: 90, gate: "renewal-new-key", planned: false, maxLockout: 0)
        let run = ForecastRun(
            settings: settings, manifest: url, next: manifest, anchors: fixture.anchors, chains: chains,
            liveDeadline: .seconds(5))
        let report = try await run.run()
        #expect(report.shippedReleases >= 3 && report.domains.count == manifest.domains.count)
        let whole = try CanonicalJSON.encode(report, encoder: CommandJSON.encoder())
        var streamed = Data()
        var stream = ForecastJSONStream { streamed.append($0) }
        let gate = try await run.run(into: &stream)
        #expect(gate.failures.count == report.gate.failures.count)
        // Two live runs: equal unless a lab server failed to answer one of them.
        #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: whole, as: UTF8.self))
        let file = fixture.folder.url.appendingPathComponent("forecast.json")
        try streamed.write(to: file)
        let tool = try await OffPoolThread.run {
            try ProcessRunner.run("/usr/bin/python3", ["-m", "json.tool", file.path])
        }
        #expect(tool.status == 0, "\(tool.stderrText)")
    }
}
