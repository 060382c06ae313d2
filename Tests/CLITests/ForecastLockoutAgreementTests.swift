import Foundation
import PinningCore
import TestSupport
import Testing

/// The share of installs a scenario locks out is counted once, over shipped releases only: the text's "locked out"
/// row, the JSON's `lockedOut` and the `--gate` verdict agree, and the candidate next release (which has no installs)
/// stays visible in the matrix without being counted.
@Suite("pinbench forecast counts locked-out installs the same in text, JSON and the gate")
struct ForecastLockoutAgreementTests {
    let world = ForecastFixture()

    /// The working manifest pins only today's leaf certificate, so a renewal with the same key locks out the next
    /// release and no shipped one; a new key locks out the shipped leaf-only release (30 %) and the next one.
    private func releases() async throws {
        world.writeManifest("leaf-only.json", world.releaseManifests["leaf-only.json"]!)
        world.writeManifest("with-backup.json", world.releaseManifests["with-backup.json"]!)
        for (name, share) in [("leaf-only", "30"), ("with-backup", "50")] {
            let added = try await world.run(["release", "add", name, "--from", name + ".json", "--share", share])
            #expect(added.status == 0, "\(added.stderrText)")
        }
        world.writeManifest("pins.json", world.releaseManifests["leaf-cert.json"]!)
    }

    @Test("text, JSON and gate agree per scenario; the next release's cell is shown but not counted")
    func agree() async throws {
        try await releases()
        let served = ["--served", "\(world.host)=good.pem"]
        let (status, report, stderr) = try await world.forecastJSON(served + ["--max-lockout", "100"])
        #expect(status == 0, "\(stderr)")
        let domain = report.firstDomain
        let next = "next (pins.json)"
        #expect(domain.outcome(next, "renewal-same-key") == "locked-out")
        #expect(domain.outcome(next, "renewal-new-key") == "locked-out")
        let lockedOut = try #require(domain["lockedOut"] as? [String: [String: Any]])
        #expect(lockedOut["renewal-same-key"]?["releases"] as? [String] == [])
        #expect(lockedOut["renewal-same-key"]?["withoutShare"] as? Int == 0)
        #expect(lockedOut["renewal-new-key"]?["releases"] as? [String] == ["leaf-only"])
        #expect(domain.lockedOutPercent("renewal-new-key") == 30)

        let text = try await world.run(["forecast"] + ForecastFixture.trust + served)
        #expect(text.status == 0, "\(text.stderrText)")
        let header = try #require(text.stdoutText.split(separator: "\n").first { $0.contains("RELEASE") })
        let row = try #require(text.stdoutText.split(separator: "\n").first { $0.hasPrefix("  locked out") })
        let scenarios = try #require(domain["scenarios"] as? [String])
        for scenario in scenarios {
            let column = try #require(header.range(of: scenario)).lowerBound
            let offset = header.distance(from: header.startIndex, to: column)
            let cell = row.dropFirst(offset).prefix { $0 != " " }
            let percent = try #require(domain.lockedOutPercent(scenario))
            #expect(cell == "\(Int(percent))%", "\(scenario): \(row)")
        }

        // The gate judges the same counts: the same-key renewal passes (no shipped release is locked out), the
        // new-key renewal fails at 30 % but passes with --max-lockout 30.
        let sameKey = try await world.run(
            ["forecast"] + ForecastFixture.trust + served + ["--gate", "renewal-same-key"])
        #expect(sameKey.status == 0, "\(sameKey.stdoutText)")
        let newKey = try await world.run(["forecast"] + ForecastFixture.trust + served + ["--gate", "renewal-new-key"])
        #expect(newKey.status == 1)
        #expect(newKey.stdoutText.contains("GATE \(world.host) renewal-new-key: locks out 30% of installs"))
        let within = try await world.run(
            ["forecast"] + ForecastFixture.trust + served + ["--gate", "renewal-new-key", "--max-lockout", "30"])
        #expect(within.status == 0, "\(within.stdoutText)")
    }
}
