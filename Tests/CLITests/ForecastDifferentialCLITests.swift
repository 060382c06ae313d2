import Foundation
import PinningCore
import TestSupport
import Testing

/// The forecast against `pinbench validate`: for the real chains (`current`, and `planned` as a renewal with a new
/// key, an impostor's chain and today's own), each release's cell must be what `validate` decides on that chain with
/// that release's manifest.
@Suite("pinbench forecast agrees with pinbench validate")
struct ForecastDifferentialCLITests {
    let world = ForecastFixture()

    /// `validate --json`'s verdict in the forecast's words.
    static func cell(fromVerdict verdict: [String: Any]) -> String? {
        switch verdict["outcome"] as? String {
        case "accepted": return "accepted"
        case "not-pinned": return "not-pinned"
        case "pins-lapsed": return "lapsed"
        case "report-only-violation": return "report-only"
        case "rejected": return verdict["rejection"] as? String == "pin-mismatch" ? "locked-out" : "refused"
        default: return nil
        }
    }

    @Test("current and planned cells equal validate's verdict, for every release and every planned chain")
    func realChainsAgree() async throws {
        try await world.shippedReleases()
        var kinds: Set<String> = []
        for plannedFile in ["rotated.pem", "mitm.pem", "good.pem"] {
            let (status, report, stderr) = try await world.forecastJSON(
                [
                    "--served", "\(world.host)=good.pem", "--planned", "\(world.host)=\(plannedFile)", "--max-lockout",
                    "100",
                ])
            #expect(status == 0, "\(stderr)")
            let domain = report.firstDomain
            for (scenario, chain) in [("current", "good.pem"), ("planned", plannedFile)] {
                for release in ["leaf-only", "leaf-cert", "with-backup", "lapsed", "report"] {
                    let validated = try await world.run(
                        ["validate", "--host", world.host, "--chain", chain, "-m", release + ".json", "--json"]
                            + ForecastFixture.trust)
                    let verdict = try #require(
                        try JSONSerialization.jsonObject(with: validated.stdout) as? [String: Any])
                    let expected = try #require(Self.cell(fromVerdict: verdict))
                    let cell = domain.outcome(release, scenario)
                    #expect(cell == expected, "\(scenario) \(chain) × \(release): \(verdict["summary"] ?? "")")
                    kinds.insert(expected)
                }
            }
        }
        // Every kind a real chain can give occurs, so the comparison cannot pass vacuously.
        #expect(kinds == ["accepted", "locked-out", "lapsed", "report-only", "refused"])
    }
}
