import Foundation
import TestSupport
import Testing

/// `--ct-log-list` and `--require-ct` against the lab's ct-logged and no-sct servers, over real TLS on 127.0.0.1.
@Suite("Certificate Transparency from the command line, against the demo lab")
struct TransparencyCommandTests {
    let folder = TemporaryFolder()

    func inspect(_ host: String, _ extra: [String]) async throws -> (ProcessRunner.Result, [String: Any]?) {
        let result = try await PinBenchBinary.run(
            ["inspect", host, "--manifest", "lab.json", "--json"] + extra, in: folder.url)
        return (result, try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    @Test("ct-logged meets the 2-log policy and passes --require-ct; no-sct is rejected only when CT is required")
    func requireCT() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        #expect(lab.banner.contains("lab-ct-logs.json"))
        let list = ["--ct-log-list", "lab-ct-logs.json"]
        let (logged, json) = try await inspect("ct-logged.pinbench.test", list + ["--require-ct"])
        #expect(logged.status == 0, "\(logged.stderrText)")
        let transparency = try #require((json?["verdict"] as? [String: Any])?["transparency"] as? [String: Any])
        #expect(transparency["meetsPolicy"] as? Bool == true)
        #expect(transparency["distinctValidLogs"] as? Int == 2)
        let timestamps = try #require(transparency["timestamps"] as? [[String: Any]])
        #expect(timestamps.map { $0["status"] as? String } == ["valid", "valid"])

        let (reported, _) = try await inspect("no-sct.pinbench.test", list)
        #expect(reported.status == 0, "without --require-ct the policy is reported: \(reported.stderrText)")
        let (rejected, rejectedJSON) = try await inspect("no-sct.pinbench.test", list + ["--require-ct"])
        #expect(rejected.status == 1)
        #expect((rejectedJSON?["verdict"] as? [String: Any])?["rejection"] as? String == "certificate-transparency")

        let text = try await PinBenchBinary.run(
            ["inspect", "ct-logged.pinbench.test", "--manifest", "lab.json"] + list, in: folder.url)
        #expect(text.stdoutText.contains("CT:   meets the CT policy: 2 valid SCTs from 2 distinct logs"))
        #expect(text.stdoutText.contains("SCT: valid, PinBench Lab Log A"))

        let alone = try await PinBenchBinary.run(
            ["inspect", "ct-logged.pinbench.test", "--manifest", "lab.json", "--require-ct"], in: folder.url)
        #expect(alone.status == 2)
        #expect(alone.stderrText.contains("--require-ct needs --ct-log-list FILE"))
        let garbage = folder.write("garbage.json", "{\"operators\": 3}")
        let bad = try await PinBenchBinary.run(
            ["inspect", "ct-logged.pinbench.test", "--manifest", "lab.json", "--ct-log-list", garbage], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.stderrText.contains("not a CT log list"))
        _ = lab
    }
}
