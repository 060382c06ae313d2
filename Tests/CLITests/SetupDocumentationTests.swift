import Foundation
import TestSupport
import Testing

/// The README's setup and tour hold as printed: its Debian packages and fuzzing seconds are `.ci/run`'s, the install
/// step is a script that exists, and the tour's commands, run as printed by a shell in the scratch folder it names
/// with `pinbench` on PATH, work there and write nothing into the repository.
@Suite("README: the setup agrees with .ci/run; the install step and the tour run as printed")
struct SetupDocumentationTests {
    static let root = PythonInterpreter.packageRoot

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The text with every run of white space as one space, so a sentence reads the same across line breaks.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("README's apt-get line installs exactly the packages .ci/run installs")
    func packagesAgree() throws {
        let readme = try Self.text("README.md")
        let ci = try Self.text(".ci/run")
        let line = try #require(
            readme.split(separator: "\n").first { $0.contains("sudo apt-get install -y ") }, "no apt-get line")
        let documented = line.components(separatedBy: "sudo apt-get install -y ")[1].split(separator: " ").map(
            String.init)
        let listing = try #require(ci.firstMatch(of: /packages=\(([^)]*)\)/), "no packages=(...) in .ci/run")
        let installed = listing.1.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(installed.count >= 10, "\(installed)")
        #expect(documented == installed)
    }

    @Test("README says CI fuzzes each parser for as long as .ci/run does")
    func fuzzingSecondsAgree() throws {
        let readme = Self.flattened(try Self.text("README.md"))
        let ci = try Self.text(".ci/run")
        let seconds = try #require(ci.firstMatch(of: /\nscripts\/fuzz\.sh (\d+)\n/)).1
        let said = readme.matches(of: /fuzzes each parser for (\d+) seconds|runs every target for (\d+) s\b/).map {
            String($0.1 ?? $0.2 ?? "")
        }
        #expect(said.count == 2, "\(said)")
        #expect(said.allSatisfy { $0 == seconds }, "README says \(said), .ci/run fuzzes \(seconds) s")
        #expect(!readme.contains("about 10 minutes"))
    }

    @Test("the install step: scripts/install.sh is executable, honours PREFIX, and its --uninstall removes pinbench")
    func installStep() throws {
        let readme = try Self.text("README.md")
        #expect(readme.contains("scripts/install.sh") && readme.contains("scripts/install.sh --uninstall"))
        let script = Self.root.appendingPathComponent("scripts/install.sh").path
        #expect(FileManager.default.isExecutableFile(atPath: script))
        // The install itself (a release build, stripped, under 80 MB) is run for real by scripts/release-smoke.sh
        // in CI; here its uninstall, on a copy of the built binary in a temporary PREFIX.
        let prefix = TemporaryFolder()
        let bin = prefix.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PinBenchBinary.url, to: bin.appendingPathComponent("pinbench"))
        let removed = try ProcessRunner.run(script, ["--uninstall"], environment: ["PREFIX": prefix.url.path])
        #expect(removed.status == 0, "\(removed.stderrText)")
        #expect(removed.stdoutText.contains("removed \(bin.path)/pinbench"))
        #expect(!FileManager.default.fileExists(atPath: bin.appendingPathComponent("pinbench").path))
        let wrong = try ProcessRunner.run(script, ["--bogus"], environment: ["PREFIX": prefix.url.path])
        #expect(wrong.status == 2 && wrong.stderrText.contains("--uninstall"))
    }

    @Test("scripts/test-summary.sh: failures, skips and the count of a long log on one screen")
    func testSummaryFitsOneScreen() throws {
        let log = TemporaryFolder()
        var lines = ["◇ Test run started."]
        for index in 1...30 {
            lines.append(
                "✘ Test \"case \(index)\" recorded an issue at A.swift:1:1: " + String(repeating: "x", count: 3000))
            lines.append("✘ Test \"case \(index)\" failed after 0.1 seconds with 1 issue.")
        }
        lines += (1...2000).map { "✔ Test \"passing \($0)\" passed after 0.1 seconds." }
        lines += (1...3).map { "➜ Test \"needs \($0)\" skipped: \"needs the Python modules tree_sitter\"" }
        lines.append("✘ Test run with 2033 tests in 9 suites failed after 1.0 seconds with 30 issues.")
        let path = log.write("test.log", lines.joined(separator: "\n") + "\n")
        let script = Self.root.appendingPathComponent("scripts/test-summary.sh").path
        let summary = try ProcessRunner.run(script, [path])
        #expect(summary.status == 0, "\(summary.stderrText)")
        let shown = summary.stdoutText.split(separator: "\n")
        #expect(shown.count <= 24, "\(summary.stdoutText)")
        #expect(shown.allSatisfy { $0.count <= 170 })
        #expect(summary.stdoutText.contains("failed (30):") && summary.stdoutText.contains("... 20 more"))
        #expect(summary.stdoutText.contains("skipped (3):") && summary.stdoutText.contains("needs the Python modules"))
        #expect(shown.last?.hasPrefix("✘ Test run with 2033 tests") == true)
    }

    /// The lines of the first ```sh block after the line holding `marker` in the README's tour.
    static func block(after marker: String, in readme: String) throws -> [String] {
        let tour = try #require(readme.components(separatedBy: "## A five-minute tour").last)
        let after = try #require(tour.components(separatedBy: marker).dropFirst().first, "no \(marker)")
        let code = try #require(after.components(separatedBy: "```sh\n").dropFirst().first)
        let lines = try #require(code.components(separatedBy: "```").first)
        return lines.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test("the tour's two terminals, run as printed in the scratch folder: commands work, files stay there")
    func tourInAScratchFolder() async throws {
        let readme = try Self.text("README.md")
        let tour = try #require(readme.components(separatedBy: "## A five-minute tour").last)
        #expect(tour.contains("mkdir -p /tmp/pinbench-tour && cd /tmp/pinbench-tour"))
        #expect(!tour.components(separatedBy: "## Commands at a glance")[0].contains("swift run pinbench lab"))
        let labFiles = [
            "lab.json", "lab-root.pem", "lab-ct-logs.json", "releases.json", "lab-release-1.0.json",
            "lab-release-2.0.json", "lab-release-2.1.json",
        ]
        for file in labFiles + ["ct-watch.json"] {
            #expect(tour.contains("`\(file)`"), "the tour does not name \(file)")
        }
        let inRepository = labFiles.filter {
            FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path)
        }

        let terminal1 = try Self.block(after: "**Terminal 1**", in: readme)
        #expect(terminal1 == ["pinbench lab --write-manifest lab.json"])
        let terminal2 = try Self.block(after: "**Terminal 2**", in: readme)
        #expect(terminal2.count >= 5 && terminal2.contains { $0.hasPrefix("kill -USR1 PID") }, "\(terminal2)")

        // Terminal 1, as printed (LabProcess runs exactly `pinbench lab --write-manifest lab.json` there).
        let scratch = TemporaryFolder()
        let lab = try await LabProcess.start(writing: "lab.json", in: scratch.url)
        let second = lab.banner.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        let pid = try #require(second.firstMatch(of: #/^Lab PID: (\d+) /#)?.1, "line 2: \(second)")

        // Terminal 2: each line through a shell, `pinbench` found on PATH, PID replaced as the README says.
        let path = PinBenchBinary.url.deletingLastPathComponent().path
        var shellEnvironment = ProcessInfo.processInfo.environment
        shellEnvironment["PATH"] = path + ":" + (shellEnvironment["PATH"] ?? "/usr/bin:/bin")
        let environment = shellEnvironment
        var last = ""
        for line in terminal2 {
            let command = line.components(separatedBy: "  #")[0].replacingOccurrences(of: "PID", with: String(pid))
            let result = try await OffPoolThread.run {
                try ProcessRunner.run(
                    "/bin/sh", ["-c", command], environment: environment, currentDirectory: scratch.url,
                    timeout: 120)
            }
            // 1 is a verdict (check and inspect reject the lab's broken scenarios); 2 would be a command that does
            // not run as printed.
            #expect(result.status == 0 || result.status == 1, "\(command): \(result.status) \(result.stderrText)")
            if command.hasPrefix("kill") {
                try await OffPoolThread.run { try lab.waitForPrinted("now serves renewal-new-key") }
            }
            last = result.stdoutText
        }
        #expect(last.contains("LOCKED OUT"), "the last forecast: \(last)")
        _ = await lab.stop()
        for file in labFiles { #expect(scratch.read(file) != nil, "\(file) not in the scratch folder") }
        let nowInRepository = labFiles.filter {
            FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path)
        }
        #expect(nowInRepository == inRepository, "the tour wrote into the repository")
    }
}
