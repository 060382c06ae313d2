import Foundation
import PinningCore
import TestSupport
import Testing

/// `pinbench diff --live` end to end: the built binary against a real `pinbench lab` on loopback, with sides that
/// are files and git revisions.
@Suite("diff --live against the demo lab")
struct DiffLiveTests {
    let folder = TemporaryFolder()

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    func git(_ arguments: [String]) async throws {
        try await GitCLI.run(arguments, in: folder.url)
    }

    func manifest(_ name: String) throws -> PinManifest {
        try ManifestCodec.decode(try Data(contentsOf: URL(fileURLWithPath: folder.path(name))), path: name)
    }

    func write(_ name: String, _ manifest: PinManifest) {
        folder.write(name, ManifestCodec.encode(manifest))
    }

    func report(_ result: ProcessRunner.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result.stdoutText)")
    }

    static let rotated = "rotated.pinbench.test"
    static let good = "good.pinbench.test"
    static let unrelated = Data(repeating: 7, count: 32).base64EncodedString()

    /// The lab's manifest with a pin outside the served chain added to `good`: a safe change (it only adds a
    /// backup), and one with `rotated`'s served key (its backup pin) replaced by a key nobody serves: a lockout.
    func versions(of lab: PinManifest) throws -> (safe: PinManifest, risky: PinManifest) {
        var safe = lab
        let good = try #require(safe.indexOfDomain(Self.good))
        safe.domains[good].pins.append(Pin(type: .spkiSHA256, value: Self.unrelated, role: .backup))
        var risky = lab
        let rotated = try #require(risky.indexOfDomain(Self.rotated))
        let served = try #require(risky.domains[rotated].pins.firstIndex { $0.role == .backup })
        risky.domains[rotated].pins[served] = Pin(type: .spkiSHA256, value: Self.unrelated, role: .backup)
        return (safe, risky)
    }

    @Test("files: a safe change exits 0 with every changed domain judged live; dropping the served key's pin exits 1")
    func files() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let (safe, risky) = try versions(of: try manifest("lab.json"))
        write("safe.json", safe)
        write("risky.json", risky)

        let fine = try await run(["diff", "lab.json", "safe.json", "--live", "--timeout", "5"])
        #expect(fine.status == 0, "\(fine.stdoutText)\(fine.stderrText)")
        #expect(fine.stdoutText.contains("~ \(Self.good)"))
        #expect(!fine.stdoutText.contains("LOCKOUT RISK"))
        #expect(!fine.stdoutText.contains("not checked"), "judged live, not left unchecked: \(fine.stdoutText)")
        let fineJSON = try report(try await run(["diff", "lab.json", "safe.json", "--live", "--json"]))
        #expect(fineJSON["risky"] as? Bool == false)
        #expect(fineJSON["unchecked"] as? [String] == [])
        #expect(fineJSON["unreachable"] as? [String] == [])

        let lockout = try await run(["diff", "lab.json", "risky.json", "--live", "--timeout", "5"])
        #expect(lockout.status == 1, "\(lockout.stdoutText)\(lockout.stderrText)")
        #expect(lockout.stdoutText.contains("✗ LOCKOUT RISK \(Self.rotated): none of its 3 enforced pins matches"))
        let json = try await run(["diff", "lab.json", "risky.json", "--live", "--json"])
        #expect(json.status == 1)
        let risks = try #require(try report(json)["risks"] as? [[String: Any]])
        let risk = try #require(risks.first { $0["kind"] as? String == "pins-match-nothing-served" })
        #expect(risk["host"] as? String == Self.rotated)
        #expect(risk["alsoBefore"] as? Bool == false)
        // Without --live the same change is not judged against the server, and passes: the live judgement is what
        // finds the lockout.
        #expect(try await run(["diff", "lab.json", "risky.json"]).status == 0)
        #expect(await lab.stop().status == 0)
    }

    @Test("git revisions: the working change and committed branches, judged live")
    func revisions() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        try await git(["init", "-q", "-b", "main"])
        try await git(["add", "lab.json", "lab-root.pem"])
        try await git(["commit", "-q", "-m", "the lab's pins"])
        let (safe, risky) = try versions(of: try manifest("lab.json"))
        write("lab.json", risky)

        let working = try await run(["diff", "--live", "-m", "lab.json"])
        #expect(working.status == 1, "\(working.stdoutText)\(working.stderrText)")
        #expect(working.stdoutText.contains("--- HEAD:lab.json"))
        #expect(working.stdoutText.contains("✗ LOCKOUT RISK \(Self.rotated): none of its 3 enforced pins matches"))

        try await git(["checkout", "-q", "-b", "feature"])
        try await git(["commit", "-q", "-am", "replace rotated's backup"])
        let forward = try await run(["diff", "main", "feature", "--live", "-m", "lab.json", "--json"])
        #expect(forward.status == 1, "\(forward.stdoutText)\(forward.stderrText)")
        #expect(try report(forward)["risky"] as? Bool == true)

        try await git(["checkout", "-q", "main"])
        try await git(["checkout", "-q", "-b", "safe"])
        write("lab.json", safe)
        try await git(["commit", "-q", "-am", "one more backup for good"])
        let fine = try await run(["diff", "--old-rev", "main", "--new-rev", "safe", "--live", "-m", "lab.json"])
        #expect(fine.status == 0, "\(fine.stdoutText)\(fine.stderrText)")
        #expect(fine.stdoutText.contains("+++ safe:lab.json"))
        #expect(!fine.stdoutText.contains("LOCKOUT RISK"))
        #expect(!fine.stdoutText.contains("not checked"))
        #expect(await lab.stop().status == 0)
    }
}
