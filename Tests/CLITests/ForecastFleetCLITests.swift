import Foundation
import PinningCore
import TestSupport
import Testing

/// `pinbench forecast` over many releases as a user runs it: bad release files refused by name, the text sized for
/// people (`--domain`, `--release`), and `--json` a document `python3 -m json.tool` reads.
@Suite("forecast of a fleet through the CLI")
struct ForecastFleetCLITests {
    @Test(
        "a release file truncated, with NaN, a huge number or a duplicate key: exit 2, the file named, nothing printed",
        arguments: [
            ("truncated", "{\"schema\": 1, \"domains\": [{\"host\": \"a.example\""),
            ("nan", "{\"schema\": 1, \"domains\": [{\"host\": \"a.example\", \"port\": NaN}]}"),
            ("huge", "{\"schema\": 1, \"domains\": [{\"host\": \"a.example\", \"port\": 1e999999}]}"),
            (
                "huge-integer",
                "{\"schema\": 1, \"domains\": [{\"host\": \"a.example\", \"port\": 99999999999999999999999}]}"
            ),
            ("duplicate", "{\"schema\": 1, \"schema\": 1, \"domains\": []}"),
        ])
    func badReleaseFile(name: String, text: String) async throws {
        let fixture = ForecastFixture()
        try await fixture.shippedReleases()
        fixture.folder.write("\(name).json", text)
        let added = try await fixture.run(["release", "add", "bad", "--from", "\(name).json"])
        // `release add` reads the source first and refuses it; write the entry by hand to reach the forecast.
        #expect(added.status == 2, "\(added.stderrText)")
        var list = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: fixture.folder.url.appendingPathComponent("releases.json")))
                as? [String: Any])
        var releases = try #require(list["releases"] as? [[String: Any]])
        releases.insert(["name": "bad", "file": "\(name).json", "format": "manifest"], at: 1)
        list["releases"] = releases
        fixture.folder.write("releases.json", try JSONSerialization.data(withJSONObject: list))
        for json in [false, true] {
            let result = try await fixture.run(
                ["forecast"] + ForecastFixture.trust + ["--served", "\(fixture.host)=good.pem"]
                    + (json ? ["--json"] : []))
            #expect(result.status == 2, "\(name): \(result.stdoutText)\(result.stderrText)")
            #expect(result.stderrText.contains("release bad: "), "\(result.stderrText)")
            #expect(result.stderrText.contains("\(name).json"), "\(result.stderrText)")
            #expect(result.stdout.isEmpty, "nothing is printed before every release is read")
        }
    }

    @Test("--release judges only the releases named; an unknown one is bad input; --domain shows one in full")
    func narrowing() async throws {
        let fixture = ForecastFixture()
        try await fixture.shippedReleases()
        let base = ["forecast"] + ForecastFixture.trust + ["--served", "\(fixture.host)=good.pem"]
        let two = try await fixture.run(base + ["--release", "lapsed", "--release", "leaf-only", "--json"])
        #expect(two.status == 0, "\(two.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: two.stdout) as? [String: Any])
        let rows = try #require(report.firstDomain["releases"] as? [[String: Any]])
        // In the releases file's order, then the candidate.
        #expect(rows.map { $0["name"] as? String } == ["leaf-only", "lapsed", "next (pins.json)"])
        #expect(report["shippedReleases"] as? Int == 2)

        let unknown = try await fixture.run(base + ["--release", "9.9"])
        #expect(unknown.status == 2)
        #expect(unknown.stderrText.contains("--release 9.9: ") && unknown.stderrText.contains("release list"))

        // A fleet of 12 domains (the others' chains do not name them): a summary, and the one asked for in full.
        var manifest = PinManifest(domains: [DomainPolicy(host: fixture.host, pins: [fixture.leafKey, fixture.caKey])])
        // Their chains from --served-list, a HOST=FILE line each (a comment and a blank line skipped).
        var list = ["# the fleet", ""]
        for index in 1...11 {
            manifest.domains.append(DomainPolicy(host: "h\(index).example", pins: [fixture.leafKey]))
            list.append("h\(index).example=good.pem")
        }
        fixture.folder.write("pins.json", ManifestCodec.encode(manifest))
        fixture.folder.write("served.txt", list.joined(separator: "\n"))
        let served = ["--served", "\(fixture.host)=good.pem", "--served-list", "served.txt"]
        let text = try await fixture.run(["forecast"] + ForecastFixture.trust + served + ["--domain", "H3.example"])
        #expect(text.status == 0, "\(text.stderrText)")
        let lines = text.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasSuffix(" for 5 releases and 12 domains") == true, "\(text.stdoutText)")
        #expect(lines.contains { $0.hasPrefix("Cells (domain x shipped release x scenario): ") })
        #expect(lines.contains { $0.hasPrefix("Domains that lock out a shipped release: 12 of 12: ") })
        #expect(lines.contains("h3.example") && !lines.contains(fixture.host))
        #expect(lines.filter { $0.hasPrefix("  RELEASE") }.count == 1)

        let missing = try await fixture.run(["forecast"] + ForecastFixture.trust + ["--served-list", "nothing.txt"])
        #expect(
            missing.status == 2 && missing.stderrText.contains("--served-list nothing.txt"), "\(missing.stderrText)")
        let twice = try await fixture.run(
            ["forecast"] + ForecastFixture.trust + ["--served", "h1.example=good.pem", "--served-list", "served.txt"])
        #expect(twice.status == 2 && twice.stderrText.contains("h1.example twice"), "\(twice.stderrText)")

        let help = try await fixture.run(["forecast", "--help"])
        let helpText = help.stdoutText + help.stderrText
        #expect(helpText.contains("--domain") && helpText.contains("--release") && helpText.contains("summary"))
    }
}
