import Foundation
import TestSupport
import Testing

/// The first hour, round two, against the real demo lab: advice that follows the verdict and prints commands that
/// run as printed, `inspect`'s trust note and the exports' warnings for the lab's manifest, a demo that cannot
/// start, a second demo in the same folder, and the help texts a new user reads first.
@Suite("first hour: advice follows the verdict, demo leftovers, help texts")
struct FirstHourCLITests {
    let folder = TemporaryFolder()

    /// `command` through a shell in `place`, with the built `pinbench` first on PATH: a line a user pastes.
    static func shell(_ command: String, in place: URL) async throws -> ProcessRunner.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            PinBenchBinary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let shellEnvironment = environment
        return try await OffPoolThread.run {
            try ProcessRunner.run(
                "/bin/sh", ["-c", command], environment: shellEnvironment, currentDirectory: place, timeout: 120)
        }
    }

    /// The lint line of `check`'s output for `rule` on `host`, and the command its advice prints (in backticks).
    static func advice(_ output: String, rule: String, host: String) throws -> (line: String, command: String) {
        let line = try #require(
            output.split(separator: "\n").first { $0.contains("[\(rule)] \(host):") }.map(String.init),
            "no \(rule) finding for \(host): \(output)")
        let command = try #require(line.firstMatch(of: /`(pinbench [^`]*)`/)?.1, "no command in: \(line)")
        return (line, String(command))
    }

    @Test("check on the lab: mitm's advice says investigate, never pin; its command runs as printed from any folder")
    func mitmAdviceFollowsTheVerdict() async throws {
        // A folder whose name needs quoting in a shell, so the printed command must quote it.
        let labFolder = folder.url.appendingPathComponent("my lab")
        try FileManager.default.createDirectory(at: labFolder, withIntermediateDirectories: true)
        let lab = try await LabProcess.start(writing: "lab.json", in: labFolder)
        let elsewhere = TemporaryFolder()
        let manifestPath = labFolder.appendingPathComponent("lab.json").path
        let places: [(URL, String, String)] = [
            (labFolder, "lab.json", "pinbench inspect mitm.pinbench.test --manifest lab.json"),
            (elsewhere.url, manifestPath, "pinbench inspect mitm.pinbench.test --manifest '\(manifestPath)'"),
        ]
        for (place, manifest, expected) in places {
            let check = try await PinBenchBinary.run(["check", "--manifest", manifest, "--timeout", "10"], in: place)
            #expect(check.status == 1, "\(check.stderrText)")
            let (line, command) = try Self.advice(
                check.stdoutText, rule: "pins-match-nothing-served", host: "mitm.pinbench.test")
            #expect(!line.contains("pin a key from the served chain"), "\(line)")
            #expect(line.contains("do not pin this chain"), "\(line)")
            #expect(command == expected, "\(line)")
            // As printed, in the folder check ran in: it reaches the lab and judges (1, rejected), not bad input (2).
            let inspect = try await Self.shell(command, in: place)
            #expect(inspect.status == 1, "\(command): \(inspect.stderrText)")
            #expect(inspect.stdoutText.contains("mitm.pinbench.test"))
        }
        // The lab's own hints quote that folder too, and run as printed.
        let hint = try #require(
            lab.banner.split(separator: "\n").first { $0.contains("pinbench inspect ct-logged") }, "\(lab.banner)")
        let logList = labFolder.appendingPathComponent("lab-ct-logs.json").path
        #expect(hint.contains("--ct-log-list '\(logList)'"), "\(hint)")
        let hinted = try await Self.shell(hint.trimmingCharacters(in: .whitespaces), in: labFolder)
        #expect(hinted.status == 0, "\(hint): \(hinted.stderrText)")
        _ = await lab.stop()
    }

    @Test("a trusted chain no pin matches: the advice says investigate and confirm before pinning, never pin on sight")
    func trustedButUnexpectedChain() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let pins = ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBA="].map
        {
            #"{"type": "spki-sha256", "value": "\#($0)"}"#
        }
        folder.write(
            "other.json",
            #"{"schema": 1, "trustAnchors": ["lab-root.pem"], "domains": [{"host": "good.pinbench.test", "#
                + #""connect": "\#(lab.endpoint)", "mode": "enforce", "pins": [\#(pins.joined(separator: ", "))]}]}"#)
        let check = try await PinBenchBinary.run(
            ["check", "--manifest", "other.json", "--timeout", "10"], in: folder.url)
        #expect(check.status == 1, "\(check.stderrText)")
        let (line, command) = try Self.advice(
            check.stdoutText, rule: "pins-match-nothing-served", host: "good.pinbench.test")
        #expect(line.contains("Investigate before changing a pin"), "\(line)")
        #expect(line.contains("only once the server's operators confirm it is theirs"), "\(line)")
        #expect(!line.contains("pin a key from the served chain"))
        #expect(command == "pinbench inspect good.pinbench.test --manifest other.json")
        let inspect = try await Self.shell(command, in: folder.url)
        #expect(inspect.status == 1, "pinned to other keys, so rejected: \(inspect.stderrText)")
        _ = await lab.stop()
    }

    @Test("lint's advice names --manifest only when the manifest is not pins.json of the current folder")
    func adviceNamesTheManifestOnlyWhenNeeded() async throws {
        let lab = try await LabProcess.start(writing: "pins.json", in: folder.url)
        let check = try await PinBenchBinary.run(["check", "--timeout", "10"], in: folder.url)
        let (line, command) = try Self.advice(
            check.stdoutText, rule: "pins-match-nothing-served", host: "mitm.pinbench.test")
        #expect(command == "pinbench inspect mitm.pinbench.test", "\(line)")
        _ = await lab.stop()
    }

    @Test("inspect mitm with the lab's manifest: the lab root was used, so the note says investigate, not add it")
    func inspectNoteWhenTheRootIsTrusted() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let inspect = try await PinBenchBinary.run(
            ["inspect", "mitm.pinbench.test", "--manifest", "lab.json", "--timeout", "10"], in: folder.url)
        #expect(inspect.status == 1)
        #expect(inspect.stderrText.contains("lab.json's trustAnchors (lab-root.pem)"), "\(inspect.stderrText)")
        #expect(!inspect.stderrText.contains("not in its trustAnchors"), "\(inspect.stderrText)")
        #expect(inspect.stderrText.contains("is in lab.json's trustAnchors and was used"), "\(inspect.stderrText)")
        #expect(inspect.stderrText.contains("do not pin it"))
        _ = await lab.stop()
    }

    @Test("export okhttp and curl of the lab's manifest: no 'would be enforced' for a domain without pins")
    func exportWarnsOnlyForPins() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        _ = await lab.stop()
        let manifest = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("lab.json")))
                as? [String: Any])
        let domains = try #require(manifest["domains"] as? [[String: Any]])
        let unpinned = domains.filter { ($0["pins"] as? [Any] ?? []).isEmpty }.compactMap { $0["host"] as? String }
        #expect(unpinned.count >= 3, "the lab starts some domains unpinned: \(domains)")
        for format in ["okhttp", "curl"] {
            let export = try await PinBenchBinary.run(["export", format, "--manifest", "lab.json"], in: folder.url)
            #expect(export.status == 0, "\(export.stderrText)")
            for host in unpinned {
                let lines = export.stderrText.split(separator: "\n").filter { $0.contains("\(host):") }
                #expect(!lines.contains { $0.contains("would be enforced") }, "\(format): \(lines)")
            }
        }
        // A report-only domain that has pins is still warned of.
        folder.write(
            "report.json",
            #"{"schema": 1, "domains": [{"host": "r.example.test", "mode": "report-only", "pins": [{"type": "#
                + #""spki-sha256", "value": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}]}]}"#)
        let pinned = try await PinBenchBinary.run(["export", "okhttp", "--manifest", "report.json"], in: folder.url)
        #expect(
            pinned.stderrText.contains("r.example.test: OkHttp has no report-only mode; these pins would be enforced"))
    }

    @Test("export okhtp: a typo gets 'did you mean', exit 2")
    func exportFormatTypo() async throws {
        let result = try await PinBenchBinary.run(["export", "okhtp"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderrText.contains("Did you mean 'okhttp'?"), "\(result.stderrText)")
        let far = try await PinBenchBinary.run(["export", "xml"], in: folder.url)
        #expect(far.status == 2 && !far.stderrText.contains("Did you mean"), "\(far.stderrText)")
        #expect(far.stderrText.contains("Formats: okhttp, android"), "\(far.stderrText)")
    }

    @Test("--help gives watch's exit statuses 3 and 4; demo --help lists the --clients values once")
    func helpTexts() async throws {
        let top = try await PinBenchBinary.run(["--help"], in: folder.url)
        let flat = top.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!flat.contains("Exit status for every command"), "\(flat)")
        #expect(flat.contains("`watch --once` also uses 3"), "\(flat)")
        for command in ["demo", "check", "inspect"] {
            let help = try await PinBenchBinary.run([command, "--help"], in: folder.url)
            #expect(help.stdoutText.components(separatedBy: "trustkit").count == 2, "\(command): \(help.stdoutText)")
        }
    }

    @Test("demo with no terminal: exit 2 and nothing left behind, neither a temporary folder nor --manifest files")
    func demoWithoutATerminalLeavesNothing() async throws {
        let temporary = TemporaryFolder()
        let plain = try await PinBenchBinary.run(["demo"], in: folder.url, environment: ["TMPDIR": temporary.url.path])
        #expect(plain.status == 2)
        #expect(plain.stderrText.contains("needs a terminal"), "\(plain.stderrText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == [])
        let named = try await PinBenchBinary.run(["demo", "--manifest", "demo.json"], in: folder.url)
        #expect(named.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
    }

    @Test("a second demo at the same --manifest replaces the first one's files and says so; others are refused")
    func secondDemoReplacesItsOwnFiles() async throws {
        let stderr = folder.path("stderr.txt")
        for run in 1...2 {
            let tmux = try TmuxSession.pinbench(
                ["demo", "--manifest", "demo.json"], width: 100, height: 30,
                launcher: ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\" 2>>\"$0/stderr.txt\"", folder.url.path])
            try await tmux.waitFor("✓ good.pinbench.test")
            try tmux.send("q")
            #expect(try await tmux.waitForExit() == 0, "run \(run)")
        }
        let notes = try #require(folder.read("stderr.txt"), "\(stderr)")
        #expect(notes.components(separatedBy: "replacing the files of an earlier demo").count == 2, "\(notes)")
        #expect(notes.contains(folder.path("releases.json")) && notes.contains(folder.path("demo.json")))
        // A releases file of the user's own is never replaced.
        folder.write("releases.json", #"{"schema": 1, "releases": [{"name": "9.9", "source": {"file": "x.json"}}]}"#)
        let refused = try await PinBenchBinary.run(["demo", "--manifest", "demo.json"], in: folder.url)
        #expect(refused.status == 2)
        #expect(refused.stderrText.contains("releases.json exists and is not one of the files an earlier demo wrote"))
        #expect(folder.read("releases.json")?.contains("9.9") == true)
    }
}
