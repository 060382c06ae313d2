import Foundation
import TestSupport
import Testing

/// The screenshots in the README and docs are what the program shows now: `scripts/screenshots.sh --check` drives
/// the built `pinbench demo` in tmux through every screenshot and compares each screen with the committed capture
/// the PNG was rendered from (`screenshots/NAME.txt`), setting aside only what changes from run to run (key
/// material, numbers, colours). A change to a screen without new screenshots fails here, and so in CI.
@Suite("the committed screenshots match the program")
struct ScreenshotFreshnessTests {
    let root = PythonInterpreter.packageRoot

    @Test("scripts/screenshots.sh --check finds every committed capture current")
    func screenshotsAreCurrent() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PINBENCH_BINARY"] = PinBenchBinary.url.path
        let result = try ProcessRunner.run(
            "/bin/bash", [root.appendingPathComponent("scripts/screenshots.sh").path, "--check"],
            environment: environment, currentDirectory: root, timeout: 300)
        #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
        #expect(result.stdoutText.contains("screenshots match the program"), "\(result.stdoutText)")
    }

    @Test("the comparison finds a changed word and a missing capture, and ignores key material and numbers")
    func comparisonIsStrictWhereItMatters() throws {
        let script = root.appendingPathComponent("scripts/screen_text.py").path
        let committed = TemporaryFolder()
        let fresh = TemporaryFolder()
        committed.write(
            "a.txt",
            "\u{1b}[1m✓ good.pinbench.test\u{1b}[0m ●2 pin RcnMfk75HKuEBXvmsfj0l1HsN+YXssvtnDkA7KaxSpU= 12 ms\n")
        fresh.write("a.txt", "✓ good.pinbench.test ●2 pin GZDLQP6t8UIL6u8zR9EjjQW+LyJkXP1tbBUzVx3fLUQ= 9 ms\n")
        let same = try ProcessRunner.run(
            "/usr/bin/env", ["python3", script, "compare", committed.url.path, fresh.url.path])
        #expect(same.status == 0, "\(same.stdoutText)")

        fresh.write("a.txt", "! good.pinbench.test ●2 pin GZDLQP6t8UIL6u8zR9EjjQW+LyJkXP1tbBUzVx3fLUQ= 9 ms\n")
        fresh.write("b.txt", "new screen\n")
        let stale = try ProcessRunner.run(
            "/usr/bin/env", ["python3", script, "compare", committed.url.path, fresh.url.path])
        #expect(stale.status == 1)
        #expect(stale.stdoutText.contains("a.txt is stale"), "\(stale.stdoutText)")
        #expect(stale.stdoutText.contains("b.txt: only in"), "\(stale.stdoutText)")
    }
}
