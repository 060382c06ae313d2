import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `pinbench diff` in a real git repository, with real certificates for the lockout risk.
@Suite("pinbench diff")
struct DiffCommandTests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    init() {
        folder.write("good.pem", pki.good.presentedPEM)
        folder.write("mitm.pem", pki.impostor.presentedPEM)
        folder.write("root.pem", pki.root.pem)
    }

    func run(_ arguments: [String], in place: URL? = nil) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: place ?? folder.url)
    }

    @discardableResult
    func git(_ arguments: [String], in place: URL? = nil) async throws -> ProcessRunner.Result {
        try await GitCLI.run(arguments, in: place ?? folder.url)
    }

    /// A repository whose first commit pins the good leaf with an outside backup, in `app/pins.json`.
    func repository() async throws -> URL {
        try await git(["init", "-q", "-b", "main"])
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("app"), withIntermediateDirectories: true)
        let leaf = try await run(
            [
                "pin", "add", pki.host, "--chain", "good.pem", "--level", "0", "-m", "app/pins.json", "--mode",
                "enforce",
                "--allow-lint-errors",
            ])
        #expect(leaf.status == 0, "\(leaf.stderrText)")
        let backup = try await run(
            ["pin", "add", pki.host, "--chain", "mitm.pem", "--level", "1", "--backup", "-m", "app/pins.json"])
        #expect(backup.status == 0, "\(backup.stderrText)")
        try await git(["add", "-A"])
        try await git(["commit", "-q", "-m", "pins"])
        return folder.url.appendingPathComponent("app")
    }

    @Test("no change: HEAD against the working file says so and exits 0, from the repository's root or a subfolder")
    func unchanged() async throws {
        let app = try await repository()
        let fromRoot = try await run(["diff", "-m", "app/pins.json"])
        #expect(fromRoot.status == 0, "\(fromRoot.stderrText)")
        #expect(fromRoot.stdoutText.contains("--- HEAD:app/pins.json"))
        #expect(fromRoot.stdoutText.contains("no changes"))
        let fromApp = try await run(["diff"], in: app)
        #expect(fromApp.status == 0, "\(fromApp.stderrText)")
        #expect(fromApp.stdoutText.contains("no changes"))
    }

    @Test("replacing the served pin with the impostor's: the change is named, and exits 1 with the served chain")
    func riskyChange() async throws {
        _ = try await repository()
        let leafPin = CertificateDetails(pki.good.leaf.certificate).spkiPin
        let mitmPin = CertificateDetails(pki.impostor.leaf.certificate).spkiPin
        #expect(
            try await run(["pin", "remove", pki.host, leafPin, "-m", "app/pins.json", "--allow-lint-errors"]).status
                == 0)
        #expect(
            try await run(
                [
                    "pin", "add", pki.host, "--chain", "mitm.pem", "--level", "0", "-m", "app/pins.json",
                    "--allow-lint-errors",
                ]
            ).status == 0)
        let served = ["--served", "\(pki.host)=good.pem", "--ca-bundle", "root.pem"]

        let plain = try await run(["diff", "-m", "app/pins.json"])
        #expect(plain.status == 0)
        #expect(plain.stdoutText.contains("~ \(pki.host)"))
        #expect(plain.stdoutText.contains("- pin spki-sha256 \(leafPin) active, leaf"))
        #expect(plain.stdoutText.contains("+ pin spki-sha256 \(mitmPin) active, leaf"))
        #expect(plain.stdoutText.contains("lockout risk not checked (no served chain) for \(pki.host)"))

        let risky = try await run(["diff", "-m", "app/pins.json"] + served)
        #expect(risky.status == 1, "\(risky.stdoutText)\(risky.stderrText)")
        #expect(risky.stdoutText.contains("LOCKOUT RISK \(pki.host): none of its 2 enforced pins matches"))

        let json = try await run(["diff", "-m", "app/pins.json", "--json"] + served)
        #expect(json.status == 1)
        let report = try JSONSerialization.jsonObject(with: json.stdout) as! [String: Any]
        #expect(report["risky"] as? Bool == true)
        let domains = report["domains"] as! [[String: Any]]
        #expect(domains.first?["host"] as? String == pki.host)
        let pins = domains.first?["pins"] as! [[String: Any]]
        #expect(Set(pins.compactMap { $0["change"] as? String }) == ["added", "removed"])

        // Committed on a branch: `diff main feature` sees the same change; `diff feature main` the reverse, which
        // pins the served key again and is safe.
        try await git(["checkout", "-q", "-b", "feature"])
        try await git(["commit", "-q", "-am", "swap the leaf pin"])
        let branches = try await run(["diff", "main", "feature", "-m", "app/pins.json"] + served)
        #expect(branches.status == 1)
        #expect(branches.stdoutText.contains("--- main:app/pins.json"))
        #expect(try await run(["diff", "feature", "main", "-m", "app/pins.json"] + served).status == 0)
        let previous = try await run(["diff", "HEAD~1", "-m", "app/pins.json"] + served)
        #expect(previous.status == 1)
    }

    @Test("two existing files are compared as files, not revisions")
    func files() async throws {
        _ = try await repository()
        try FileManager.default.copyItem(
            atPath: folder.path("app/pins.json"), toPath: folder.path("old.json"))
        let same = try await run(["diff", "old.json", "app/pins.json"])
        #expect(same.status == 0)
        #expect(same.stdoutText.contains("no changes"))
    }

    @Test("clear errors: outside a repository, unknown revision, file missing there, hostile revision text")
    func errors() async throws {
        func expectError(_ result: ProcessRunner.Result, _ text: String) {
            #expect(result.status == 2, "\(result.stdoutText)\(result.stderrText)")
            #expect(result.stderrText.contains(text), "\(result.stderrText)")
            #expect(!result.stderrText.contains("fatal:"))
        }
        folder.write("pins.json", "{\"schema\": 1, \"domains\": []}\n")
        expectError(try await run(["diff"]), "is not inside a git repository")
        _ = try await repository()
        expectError(try await run(["diff", "no-such-branch", "-m", "app/pins.json"]), "is not a revision")
        expectError(
            try await run(["diff", "-m", "other.json"]),
            "other.json (relative to the repository's root) does not exist at revision HEAD")
        let planted = folder.path("planted-by-git")
        expectError(try await run(["diff", "-m", "app/pins.json", "--", "--output=\(planted)"]), "starts with '-'")
        expectError(try await run(["diff", "HEAD:../../etc/passwd", "-m", "app/pins.json"]), "contains ':'")
        #expect(!FileManager.default.fileExists(atPath: planted), "the revision was not handed to git as an option")
        folder.write("broken.json", "{\"schema\": 1,}")
        expectError(try await run(["diff", "broken.json", "-m", "app/pins.json"]), "broken.json:1:")
    }
}
