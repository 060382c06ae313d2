import Foundation
import TestSupport
import Testing

/// First-use rough edges, run as a new user meets them: the lab's file names, what `inspect` says when the lab's
/// root was not given, a mistyped top-level option, and the demo manifest at its first write.
@Suite("first use: lab files, inspect's trust, unknown options, the demo manifest's lint")
struct RoughEdgesCLITests {
    let folder = TemporaryFolder()

    func run(
        _ arguments: [String], in place: URL? = nil, environment: [String: String] = [:]
    ) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: place ?? folder.url, environment: environment)
    }

    static var readme: String {
        (try? String(contentsOf: PythonInterpreter.packageRoot.appendingPathComponent("README.md"), encoding: .utf8))
            ?? ""
    }

    @Test("lab --write-manifest lab.json writes lab-root.pem and lab-ct-logs.json, the names README and --help use")
    func labFileNames() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        #expect(folder.read("lab-root.pem")?.contains("BEGIN CERTIFICATE") == true)
        #expect(folder.read("lab-ct-logs.json")?.contains("\"logs\"") == true)
        #expect(folder.read("lab-lab-root.pem") == nil && folder.read("lab-lab-ct-logs.json") == nil)
        #expect(lab.banner.contains("Lab root CA (PEM): \(folder.path("lab-root.pem"))"), "\(lab.banner)")
        #expect(lab.banner.contains("Lab CT log list:   \(folder.path("lab-ct-logs.json"))"))
        let manifest = try #require(folder.read("lab.json"))
        #expect(manifest.contains("\"lab-root.pem\""))
        let help = try await run(["inspect", "--help"])
        #expect(help.stdoutText.contains("lab-ct-logs.json"))
        #expect(Self.readme.contains("lab-ct-logs.json") && Self.readme.contains("lab-root.pem"))
        #expect(!Self.readme.contains("lab-lab-"))
        // Another manifest name keeps "lab" in the companions' names, once. (Its own folder: a folder holds one
        // releases file, and the first lab's demo releases are in this one.)
        let otherFolder = TemporaryFolder()
        let other = try await LabProcess.start(writing: "pins.json", in: otherFolder.url)
        #expect(other.banner.contains("pins-lab-root.pem"))
        #expect(otherFolder.read("pins-lab-root.pem") != nil && otherFolder.read("pins-lab-ct-logs.json") != nil)
        #expect(otherFolder.read("releases.json") != nil && otherFolder.read("pins-release-2.0.json") != nil)
    }

    @Test("inspect --connect with no manifest: says what trust it used and how to give the lab's root")
    func inspectSaysWhichTrust() async throws {
        let labFolder = TemporaryFolder()
        let lab = try await LabProcess.start(writing: "lab.json", in: labFolder.url)
        let arguments = ["inspect", "good.pinbench.test", "--connect", lab.endpoint, "--timeout", "10"]

        // An empty folder: no manifest, the system's roots only (an empty SSL_CERT_FILE is no setting).
        let bare = try await run(arguments, environment: ["SSL_CERT_FILE": ""])
        #expect(bare.status == 1, "\(bare.stderrText)")
        #expect(bare.stdoutText.contains("does not lead to a trust anchor"))
        #expect(
            bare.stderrText.contains("Trust used: the system's CA bundle")
                || bare.stderrText.contains("Trust used: no CA bundle"), "\(bare.stderrText)")
        #expect(bare.stderrText.contains("no manifest (pins.json was not found), so no trustAnchors"))
        #expect(bare.stderrText.contains("--ca-bundle with the \"Lab root CA (PEM)\" path the lab printed"))

        // Beside the lab's manifest and root: named, with the two ways to use them.
        let beside = try await run(
            arguments, in: labFolder.url, environment: ["SSL_CERT_FILE": "/etc/ssl/certs/ca-certificates.crt"])
        #expect(beside.status == 1)
        #expect(
            beside.stderrText.contains(
                "Trust used: the bundle $SSL_CERT_FILE names (/etc/ssl/certs/ca-certificates.crt) and no manifest"),
            "\(beside.stderrText)")
        #expect(
            beside.stderrText.contains(
                "A lab manifest is here: lab.json, with the lab's root lab-root.pem beside it. To judge the lab's "
                    + "chain, give --manifest lab.json (its trustAnchors name the root) or --ca-bundle lab-root.pem."),
            "\(beside.stderrText)")

        // Doing as told: accepted.
        let told = try await run(arguments + ["--manifest", "lab.json"], in: labFolder.url)
        #expect(told.status == 0, "\(told.stdoutText)\(told.stderrText)")
        #expect(!told.stderrText.contains("Trust used"))
        let withBundle = try await run(arguments + ["--ca-bundle", "lab-root.pem"], in: labFolder.url)
        #expect(withBundle.status == 0, "\(withBundle.stderrText)")
    }

    @Test("an unknown top-level option is an error naming it and the closest option, not the workbench's usage")
    func unknownTopLevelOption() async throws {
        let typo = try await run(["--versoin"])
        #expect(typo.status == 2)
        #expect(typo.stderrText.contains("'--versoin' is not a pinbench option. Did you mean '--version'?"))
        #expect(!typo.stderrText.contains("USAGE"), "\(typo.stderrText)")
        let later = try await run(["--no-fetch", "--manifset", "x.json"])
        #expect(later.status == 2 && later.stderrText.contains("Did you mean '--manifest'?"), "\(later.stderrText)")
        let unrelated = try await run(["--zzzzzzzz"])
        #expect(unrelated.status == 2 && !unrelated.stderrText.contains("Did you mean"))
        #expect(unrelated.stderrText.contains("Options: ") && unrelated.stderrText.contains("--manifest"))
        // Known options still reach their commands.
        let version = try await run(["--version"])
        #expect(version.status == 0 && !version.stdoutText.isEmpty)
        let completion = try await run(["--generate-completion-script", "bash"])
        #expect(completion.status == 0 && completion.stdoutText.contains("pinbench"), "\(completion.stderrText)")
        let hostile = try await run(["--x\u{1B}[2J"])
        #expect(hostile.status == 2 && !hostile.stderrText.contains("\u{1B}"))
    }

    @Test("the demo manifest lints clean, and against the chains the lab serves shows only mitm's lesson")
    func demoManifestLint() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        #expect(lab.banner.contains("every domain connects to \(lab.endpoint)"))
        let plain = try await run(["lint", "--manifest", "lab.json"])
        #expect(plain.status == 0 && plain.stdoutText.contains("no findings"), "\(plain.stdoutText)")

        var served: [String] = []
        for name in ["good", "rotated", "mitm", "expired", "wrong-host", "revoked", "ct-logged", "no-sct"] {
            let host = "\(name).pinbench.test"
            let pem = try await run(["inspect", host, "--manifest", "lab.json", "--pem", "--timeout", "10"])
            #expect(pem.status == 0, "\(host): \(pem.stderrText)")
            served += ["--served", "\(host)=\(folder.write("\(name).pem", pem.stdoutText))"]
        }
        let lint = try await run(["lint", "--manifest", "lab.json", "--json"] + served)
        #expect(lint.status == 0, "\(lint.stdoutText)")
        let findings = try #require(try JSONSerialization.jsonObject(with: lint.stdout) as? [[String: Any]])
        let summary = findings.map { "\($0["host"] as? String ?? "-") \($0["rule"] as? String ?? "?")" }
        #expect(summary == ["mitm.pinbench.test pins-match-nothing-served"], "\(summary)")
    }
}
