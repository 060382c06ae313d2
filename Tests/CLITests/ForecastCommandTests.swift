import Foundation
import PinningCore
import TestSupport
import Testing

/// `pinbench forecast` on real chains: the matrix as text and JSON, lapsed and report-only releases, the first
/// unavoidable lockout, the advice, and the deploy gate's exit codes.
@Suite("pinbench forecast")
struct ForecastCommandTests {
    let world = ForecastFixture()
    var served: [String] { ["--served", "\(world.host)=good.pem"] }

    @Test("the text matrix: LOCKED OUT, lapsed, report-only, the share per scenario, the unavoidable date, advice")
    func text() async throws {
        try await world.shippedReleases()
        let result = try await world.run(["forecast"] + ForecastFixture.trust + served)
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        func row(_ name: String) -> [String] {
            let line = lines.first { $0.hasPrefix("  " + name + " ") } ?? ""
            return line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
        }
        let header = row("RELEASE")
        #expect(
            header == [
                "RELEASE", "SHARE", "current", "renewal-same-key", "renewal-new-key", "issuer-rotation", "ca-switch",
                "root-only",
            ])
        #expect(
            row("leaf-only") == [
                "leaf-only", "30%", "accepted", "accepted", "LOCKED OUT", "accepted", "accepted", "LOCKED OUT",
            ])
        #expect(row("leaf-cert").filter { $0 == "LOCKED OUT" }.count == 5)
        #expect(row("with-backup") == ["with-backup", "50%"] + Array(repeating: "accepted", count: 5) + ["LOCKED OUT"])
        #expect(row("lapsed") == ["lapsed", "5%"] + Array(repeating: "lapsed", count: 6))
        #expect(row("report") == ["report", "5%", "accepted"] + Array(repeating: "report-only", count: 5))
        #expect(row("next (pins.json)").count == 8)
        #expect(row("locked out") == ["locked out", "0%", "10%", "40%", "10%", "10%", "90%"])
        // The leaf expires in 90 days (TestPKI): every way to replace it locks out the leaf-certificate release.
        let expiry = CalendarDay(containing: world.pki.good.leaf.certificate.notValidAfter).description
        #expect(
            result.stdoutText.contains(
                "First unavoidable lockout: the leaf expires \(expiry): whatever the server presents then, it locks "
                    + "out leaf-cert (10% of installs)"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("; renewal-new-key locks out leaf-only, leaf-cert (40% of installs)"))
        #expect(result.stdoutText.contains("Advice for renewal-same-key: the next release already holds it."))
        // root-only replaces the leaf key and the intermediate: the next release must pin the root, by the
        // intermediate's expiry less 90 days.
        let rootPin = CertificateDetails(world.pki.root.certificate).spkiPin
        #expect(
            result.stdoutText.contains(
                "Advice for root-only: the next release is locked out; pin any one of: "
                    + "spki-sha256 \(rootPin) (level 2)"), "\(result.stdoutText)")
    }

    @Test("--json: the matrix, the shares, the dates ahead and the advice; the same cells as the text")
    func json() async throws {
        try await world.shippedReleases()
        let (status, report, stderr) = try await world.forecastJSON(served + ["--until", "2099-01-01"])
        #expect(status == 0, "\(stderr)")
        let domain = report.firstDomain
        #expect(domain["host"] as? String == world.host)
        #expect(domain.outcome("lapsed", "renewal-new-key") == "lapsed")
        #expect(domain.outcome("report", "renewal-new-key") == "report-only")
        #expect(domain.outcome("leaf-only", "renewal-new-key") == "locked-out")
        #expect(domain.outcome("with-backup", "issuer-rotation") == "accepted")
        #expect(domain.lockedOutPercent("renewal-new-key") == 40)
        let events = try #require(domain["events"] as? [[String: Any]])
        #expect(events.map { $0["trigger"] as? String } == ["leaf-expires", "issuer-expires", "root-expires"])
        #expect((events.first?["unavoidable"] as? [String]) == ["leaf-cert"])
        let advice = try #require(domain["advice"] as? [[String: Any]])
        #expect(advice.map { $0["scenario"] as? String }.count == 5)
        #expect(report["leadTimeDays"] as? Int == 90)
        #expect((report["gate"] as? [String: Any])?["passed"] as? Bool == true)
    }

    @Test("the gate: planned or --gate over --max-lockout exits 1; within it 0; an unknown scenario is bad input")
    func gate() async throws {
        try await world.shippedReleases()
        let planned = served + ["--planned", "\(world.host)=rotated.pem"]
        // A new leaf key locks out leaf-only (30%) and leaf-cert (10%).
        let over = try await world.run(["forecast"] + ForecastFixture.trust + planned)
        #expect(over.status == 1, "\(over.stderrText)")
        #expect(over.stdoutText.contains("GATE \(world.host) planned: locks out 40% of installs (--max-lockout 0%)"))
        #expect(try await world.run(["forecast", "--max-lockout", "40"] + ForecastFixture.trust + planned).status == 0)
        #expect(
            try await world.run(["forecast", "--max-lockout", "39.5"] + ForecastFixture.trust + planned).status == 1)

        let sameKey = ["forecast", "--gate", "renewal-same-key,issuer-rotation"] + ForecastFixture.trust + served
        #expect(try await world.run(sameKey).status == 1)
        let within = try await world.run(sameKey + ["--max-lockout", "10"])
        #expect(within.status == 0, "\(within.stdoutText)")
        #expect(within.stdoutText.contains("Gate passed: renewal-same-key, issuer-rotation within --max-lockout."))

        let unknown = try await world.run(["forecast", "--gate", "renewal"] + ForecastFixture.trust + served)
        #expect(unknown.status == 2)
        #expect(unknown.stderrText.contains("--gate renewal is not a scenario"))
        // Without a served chain the gated scenario cannot be judged: never a silent pass.
        let unjudged = try await world.run(["forecast", "--gate", "renewal-new-key"] + ForecastFixture.trust)
        #expect(unjudged.status == 1)
        #expect(unjudged.stdoutText.contains("renewal-new-key: not judged"))
    }

    @Test("release names and manifest text reach the terminal escaped: no raw control or bidirectional character")
    func escaped() async throws {
        try await world.shippedReleases()
        let hostile = "4.2\u{202E}txt.exe"
        world.writeManifest("hostile.json", world.releaseManifests["leaf-only.json"]!)
        let added = try await world.run(["release", "add", hostile, "--from", "hostile.json"])
        #expect(added.status == 0, "\(added.stderrText)")
        let result = try await world.run(["forecast"] + ForecastFixture.trust + served)
        #expect(result.status == 0)
        #expect(!result.stdoutText.contains("\u{202E}"))
        #expect(result.stdoutText.contains("4.2"))
        let json = try await world.run(["forecast", "--json"] + ForecastFixture.trust + served)
        #expect(!json.stdoutText.contains("\u{202E}"))
        #expect(json.stdoutText.contains("\\u202e") || json.stdoutText.contains("\\u202E"))
    }
}
