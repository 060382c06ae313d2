import Foundation
import PinningCore
import TestSupport
import Testing

/// `pinbench forecast --live` against a real `pinbench lab` on loopback: the current chain fetched, then judged as a
/// chain given with `--served` is.
@Suite("forecast --live against the demo lab")
struct ForecastLiveTests {
    let folder = TemporaryFolder()

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    @Test("--live fetches each domain's chain: the scenarios are made from it, and a lab domain's cell is its verdict")
    func live() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let good = "good.pinbench.test"
        let result = try await run(["forecast", "-m", "lab.json", "--live", "--timeout", "5", "--json", good])
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(report["unreachable"] as? [String] == [])
        let domain = report.firstDomain
        #expect(domain["host"] as? String == good)
        #expect(
            domain["scenarios"] as? [String] == [
                "current", "renewal-same-key", "renewal-new-key",
                "issuer-rotation", "ca-switch", "root-only",
            ])
        // The same as `check` says of the chain the lab serves, with the lab's manifest.
        let validate = try await run(["check", "-m", "lab.json", good, "--json", "--timeout", "5"])
        let checked = try #require(try JSONSerialization.jsonObject(with: validate.stdout) as? [String: Any])
        let outcome = (checked["results"] as? [[String: Any]])?.first?["outcome"]
        #expect(outcome as? String == "accepted", "\(validate.stdoutText)")
        #expect(domain.outcome("next (lab.json)", "current") == "accepted")
        #expect(await lab.stop().status == 0)
    }

    @Test("--live and --served together are bad input")
    func liveAndServed() async throws {
        let result = try await run(["forecast", "--live", "--served", "a.pinbench.test=x.pem"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("give either --served or --live"))
    }
}
