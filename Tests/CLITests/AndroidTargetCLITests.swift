import Foundation
import TestSupport
import Testing

/// `--target-sdk` and `--android-ct` as a user gives them: `validate --clients android` on the lab's ct-logged and
/// no-sct chains (real SCTs over real TLS on 127.0.0.1), the export's opt-in, and every refusal with exit 2.
@Suite("Android's target SDK from the command line, against the demo lab")
struct AndroidTargetCLITests {
    let folder = TemporaryFolder()

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    /// The Android client's outcome for `chain` of `host` under `manifest`, with the lab's log list.
    func android(_ host: String, chain: String, manifest: String, _ extra: [String]) async throws -> String? {
        let result = try await run(
            [
                "validate", "--host", host, "--chain", chain, "--manifest", manifest, "--ct-log-list",
                "lab-ct-logs.json", "--clients", "android", "--json",
            ] + extra)
        #expect(result.status == 0, "PinBench itself accepts the chain: \(result.stderrText)")
        let json = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        let clients = json?["clients"] as? [[String: Any]]
        return clients?.first?["outcome"] as? String
    }

    @Test("no-sct is refused by an app targeting 37 or opting in at 36, accepted at 35 and 36; ct-logged always passes")
    func validateByLevel() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        for host in ["ct-logged", "no-sct"] {
            let pem = try await run(["inspect", "\(host).pinbench.test", "--manifest", "lab.json", "--pem"])
            #expect(pem.status == 0, "\(pem.stderrText)")
            folder.write("\(host).pem", pem.stdoutText)
        }
        // The lab's manifest trusts its own root (trustAnchors): a copy without it, the root given as the bundle,
        // is an app that trusts the system store alone.
        var manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lab.manifestPath)))
                as? [String: Any])
        let anchors = try #require(manifest["trustAnchors"] as? [String])
        #expect(!anchors.isEmpty, "the lab's manifest lists its root as a trust anchor")
        manifest["trustAnchors"] = [String]()
        folder.write("system.json", try JSONSerialization.data(withJSONObject: manifest))
        let bundle = URL(fileURLWithPath: lab.manifestPath).deletingLastPathComponent().appendingPathComponent(
            anchors[0]
        ).path
        let system = ["--ca-bundle", bundle]

        for (extra, requires) in [
            ([String](), false), (["--target-sdk", "35"], false), (["--target-sdk", "36"], false),
            (["--target-sdk", "36", "--android-ct"], true), (["--target-sdk", "37"], true),
        ] {
            let logged = try await android(
                "ct-logged.pinbench.test", chain: "ct-logged.pem", manifest: "system.json", system + extra)
            let unlogged = try await android(
                "no-sct.pinbench.test", chain: "no-sct.pem", manifest: "system.json", system + extra)
            #expect(logged != "rejected", "\(extra): \(logged ?? "no verdict")")
            #expect((unlogged == "rejected") == requires, "\(extra): \(unlogged ?? "no verdict")")
        }
        // The lab's own manifest lists a trust anchor: the API 37 default is off, the explicit opt-in is not.
        let byDefault = try await android(
            "no-sct.pinbench.test", chain: "no-sct.pem", manifest: "lab.json", ["--target-sdk", "37"])
        #expect(byDefault != "rejected")
        let optIn = try await android(
            "no-sct.pinbench.test", chain: "no-sct.pem", manifest: "lab.json", ["--target-sdk", "37", "--android-ct"])
        #expect(optIn == "rejected")

        let text = try await run(
            [
                "validate", "--host", "no-sct.pinbench.test", "--chain", "no-sct.pem", "--manifest", "system.json",
                "--clients", "android", "--target-sdk", "37",
            ] + system)
        #expect(text.stdoutText.contains("Certificate chain does not conform to required transparency policy."))
        #expect(
            text.stdoutText.contains("--ct-log-list"), "without a log list the gate cannot judge: \(text.stdoutText)")
        _ = lab
    }

    @Test("export android writes the opt-in at API 36; nonsense levels and misplaced options exit 2 and write nothing")
    func exportAndRefusals() async throws {
        let pin = "7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y="
        folder.write(
            "pins.json",
            """
            {"schema": 1, "domains": [{"host": "api.example.com", "pins": [
              {"type": "spki-sha256", "value": "\(pin)"},
              {"type": "spki-sha256", "value": "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=", "role": "backup"}]}]}
            """)
        let optIn = try await run(["export", "android", "--target-sdk", "36", "--android-ct"])
        #expect(optIn.status == 0, "\(optIn.stderrText)")
        #expect(optIn.stdoutText.contains("<certificateTransparency enabled=\"true\"/>"))
        let plain = try await run(["export", "android", "--target-sdk", "37"])
        #expect(plain.status == 0 && !plain.stdoutText.contains("certificateTransparency"))
        for arguments in [
            ["export", "android", "--target-sdk", "0"], ["export", "android", "--target-sdk", "-3"],
            ["export", "android", "--target-sdk", "100"], ["export", "android", "--target-sdk", "36.5"],
            ["export", "android", "--target-sdk", "nan"],
            ["export", "android", "--target-sdk", "99999999999999999999"],
            ["export", "android", "--target-sdk", "35", "--android-ct"], ["export", "android", "--android-ct"],
            ["export", "okhttp", "--target-sdk", "36"],
            ["validate", "--host", "api.example.com", "--chain", "none.pem", "--target-sdk", "0"],
        ] {
            let result = try await run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderrText)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(
                result.stderrText.contains("target-sdk") || result.stderrText.contains("android-ct"), "\(arguments)")
        }
    }
}
