import Foundation
import TestSupport
import Testing

/// The tests mirror the targets: `scripts/check-test-targets.py` over this package's `swift package dump-package`,
/// and the same script shown to refuse a package whose tests do not (so the check itself cannot rot into a pass).
@Suite("test targets: one <Target>Tests per library target")
struct TestTargetLayoutTests {
    let script = PythonInterpreter.packageRoot.appendingPathComponent("scripts/check-test-targets.py").path
    let folder = TemporaryFolder()

    @Test("every library target of Package.swift has its <Target>Tests, and every <Target>Tests its target")
    func packageMirrorsTargets() throws {
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", script], timeout: 300)
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
        #expect(result.stdoutText.contains("library targets, each with its <Target>Tests"), "\(result.stdoutText)")
    }

    /// A package in dump-package's shape: libraries A, B, C and TestSupport (under Tests/), an executable, a system
    /// library; ATests is right, BTests does not depend on B, C has none, OrphanTests has no library, and CLITests
    /// names an executable the package lacks.
    static let brokenPackage = """
        {"targets": [
          {"name": "A", "type": "regular", "path": null, "dependencies": []},
          {"name": "B", "type": "regular", "path": null, "dependencies": [{"byName": ["A", null]}]},
          {"name": "C", "type": "regular", "path": null, "dependencies": [{"target": ["A", null]}]},
          {"name": "CSystem", "type": "system", "path": "Sources/CSystem", "dependencies": []},
          {"name": "tool", "type": "executable", "path": null, "dependencies": [{"byName": ["A", null]}]},
          {"name": "TestSupport", "type": "regular", "path": "Tests/TestSupport", "dependencies": []},
          {"name": "ATests", "type": "test", "path": null,
           "dependencies": [{"byName": ["A", null]}, {"product": ["X509", "swift-certificates", null, null]}]},
          {"name": "BTests", "type": "test", "path": null, "dependencies": [{"byName": ["A", null]}]},
          {"name": "OrphanTests", "type": "test", "path": null, "dependencies": [{"byName": ["A", null]}]},
          {"name": "CLITests", "type": "test", "path": null, "dependencies": []}
        ]}
        """

    @Test("a library with no test target, one its test target skips, an orphan and a stale exemption: each named")
    func brokenLayoutIsRefused() throws {
        let json = folder.write("package.json", Self.brokenPackage)
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", script, "--package-json", json])
        #expect(result.status == 1, "\(result.stdoutText)\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "BTests: does not depend on B, the target it is named after",
                "C: library target with no test target CTests (Tests/CTests)",
                "OrphanTests: test target with no library target Orphan",
                "CLITests: tests the executable pinbench, which is not a target",
                "4 target(s) break the rule: one <Target>Tests per library target (docs/testing.md)",
            ])
    }

    @Test("input that is not a package description is refused with exit 2, saying why")
    func unreadableInput() throws {
        let json = folder.write("package.json", #"{"name": "no targets"}"#)
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", script, "--package-json", json])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("not the JSON of swift package dump-package"), "\(result.stderrText)")
        let missing = try ProcessRunner.run("/usr/bin/env", ["python3", script, "--package-json", folder.path("none")])
        #expect(missing.status == 2)
        #expect(missing.stderrText.contains("No such file or directory"), "\(missing.stderrText)")
    }
}
