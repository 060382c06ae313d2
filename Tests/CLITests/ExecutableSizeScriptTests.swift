import Foundation
import TestSupport
import Testing

/// `scripts/check-executable-size.sh`: the executable target's line cap (issue 37), run as CI runs it.
@Suite("the executable's line cap")
struct ExecutableSizeScriptTests {
    let script = PythonInterpreter.packageRoot.appendingPathComponent("scripts/check-executable-size.sh").path

    /// The lines of Swift in Sources/pinbench, counted here the way the issue counts them.
    func lines() throws -> Int {
        let folder = PythonInterpreter.packageRoot.appendingPathComponent("Sources/pinbench")
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.reduce(0) { count, file in
            count
                + (try String(contentsOf: file, encoding: .utf8)).split(
                    separator: "\n", omittingEmptySubsequences: false
                )
                .count - 1
        }
    }

    func run(cap: String?) throws -> ProcessRunner.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["PINBENCH_EXECUTABLE_CAP"] = cap
        return try ProcessRunner.run("/bin/bash", [script], environment: environment)
    }

    @Test("over the cap: exit 1, with the count and the cap; at the count: exit 0")
    func cap() throws {
        let count = try lines()
        #expect(count > 100)
        let over = try run(cap: String(count - 1))
        #expect(over.status == 1)
        #expect(
            over.stderrText.contains("holds \(count) lines of Swift, over the cap of \(count - 1)."),
            "\(over.stderrText)")
        let at = try run(cap: String(count))
        #expect(at.status == 0, "\(at.stderrText)")
        #expect(at.stdoutText.contains("holds \(count) lines of Swift (cap \(count))."))
    }

    @Test("a cap that is not a whole number is refused with exit 2")
    func badCap() throws {
        let result = try run(cap: "2,500")
        #expect(result.status == 2)
        #expect(result.stderrText.contains("the cap must be a whole number"))
    }
}
