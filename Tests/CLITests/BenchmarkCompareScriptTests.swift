import Foundation
import TestSupport
import Testing

/// `scripts/bench-compare.py`: a run's benchmark figures against those recorded in the repository (issue 38, item 4).
@Suite("benchmark figures against the recorded ones")
struct BenchmarkCompareScriptTests {
    let script = PythonInterpreter.packageRoot.appendingPathComponent("scripts/bench-compare.py").path

    func compare(_ folder: TemporaryFolder, run: String, record: Bool = false) throws -> ProcessRunner.Result {
        let runFile = folder.write("run-\(UUID().uuidString).jsonl", run)
        let arguments = [script, "--figures", folder.path("figures.json")] + (record ? ["--record"] : []) + [runFile]
        return try ProcessRunner.run("/usr/bin/env", ["python3"] + arguments)
    }

    /// One figure beside its baseline, as the benchmarks write it.
    func line(_ name: String, _ value: Double, baseline: Double) -> String {
        #"{"name": "\#(name)", "value": \#(value), "unit": "us", "baseline": "openssl", "baselineValue": \#(baseline)}"#
    }

    @Test("a figure 50 % slower beside the same baseline fails; the same ratio on a slower machine passes")
    func ratioRegression() throws {
        let folder = TemporaryFolder()
        let recorded = try compare(folder, run: line("core.verdict", 74, baseline: 222), record: true)
        #expect(recorded.status == 0, "\(recorded.stderrText)")
        #expect(folder.read("figures.json")?.contains("core.verdict") == true)

        // Both columns three times slower: a busy machine, not a regression.
        let slowMachine = try compare(folder, run: line("core.verdict", 222, baseline: 666))
        #expect(slowMachine.status == 0, "\(slowMachine.stdoutText)\(slowMachine.stderrText)")
        #expect(slowMachine.stdoutText.contains("same    core.verdict"))

        let slower = try compare(folder, run: line("core.verdict", 111, baseline: 222))
        #expect(slower.status == 1)
        #expect(slower.stdoutText.contains("worse   core.verdict: 0.500x its baseline, recorded 0.333x; +50%"))
        #expect(slower.stderrText.contains("worse beyond the noise: core.verdict"))

        let faster = try compare(folder, run: line("core.verdict", 37, baseline: 222))
        #expect(faster.status == 0)
        #expect(faster.stdoutText.contains("better  core.verdict"))
    }

    @Test("rounds of one figure count by their median, so one noisy round does not fail the run")
    func roundsByMedian() throws {
        let folder = TemporaryFolder()
        _ = try compare(folder, run: line("check.wall", 100, baseline: 100), record: true)
        let rounds = [
            line("check.wall", 100, baseline: 100), line("check.wall", 300, baseline: 100),
            line("check.wall", 105, baseline: 100),
        ].joined(separator: "\n")
        let result = try compare(folder, run: rounds)
        #expect(result.status == 0, "\(result.stdoutText)")
        #expect(result.stdoutText.contains("1.050x its baseline"))
    }

    @Test("a figure over its cap fails even when never recorded")
    func cap() throws {
        let folder = TemporaryFolder()
        let over = try compare(folder, run: #"{"name": "check.peak", "value": 31.7, "unit": "MB", "cap": 30}"#)
        #expect(over.status == 1)
        #expect(over.stdoutText.contains("31.7 MB is over its cap of 30"))
        let under = try compare(folder, run: #"{"name": "check.peak", "value": 29, "unit": "MB", "cap": 30}"#)
        #expect(under.status == 0)
    }

    @Test("what the script records it reads back, and other recorded figures are kept")
    func recordRoundTrip() throws {
        let folder = TemporaryFolder()
        _ = try compare(folder, run: line("a", 10, baseline: 20), record: true)
        _ = try compare(folder, run: line("b", 30, baseline: 20), record: true)
        let data = try #require(folder.read("figures.json")?.data(using: .utf8))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let names = (document["figures"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["a", "b"])
        let both = try compare(
            folder, run: [line("a", 10, baseline: 20), line("b", 30, baseline: 20)].joined(separator: "\n"))
        #expect(both.status == 0)
        #expect(both.stdoutText.contains("0 worse, 0 better, 2 within the noise"))
    }

    @Test(
        "bad figures are refused with exit 2 and a reason, and the recorded file is left as it was",
        arguments: [
            (#"{"name": "x", "value": NaN, "unit": "us"}"#, "NaN is not a number"),
            (#"{"name": "x", "value": 1e400, "unit": "us"}"#, "must be a finite number"),
            (#"{"name": "x", "value": -3, "unit": "us"}"#, "must be a finite number above 0"),
            (#"{"name": "x", "value": 3, "unit": "us", "baselineValue": 4}"#, "come together"),
            (#"{"name": "x", "valeu": 3}"#, "unknown field(s) valeu"),
            ("not json", "not JSON"),
            ("", "no figures"),
        ])
    func badRun(run: String, reason: String) throws {
        let folder = TemporaryFolder()
        _ = try compare(folder, run: line("kept", 1, baseline: 2), record: true)
        let before = folder.read("figures.json")
        let result = try compare(folder, run: run, record: true)
        #expect(result.status == 2)
        #expect(result.stderrText.contains(reason), "\(result.stderrText)")
        #expect(folder.read("figures.json") == before)
    }
}
