import Foundation
import LabPKI
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing

/// The built `pinbench` binary, run as a user or a CI script would.
@Suite("pinbench command line")
struct CLITests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    init() {
        folder.write("good.pem", pki.good.presentedPEM)
        folder.write("rotated.pem", pki.rotated.presentedPEM)
        folder.write("mitm.pem", pki.impostor.presentedPEM)
        folder.write("root.pem", pki.root.pem)
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url, environment: environment)
    }

    func expectCleanError(_ result: ProcessRunner.Result, code: Int32 = 2, mentioning text: String) {
        #expect(result.status == code, "\(result.stderrText)")
        #expect(result.stderrText.contains(text), "\(result.stderrText)")
        #expect(!result.stderrText.contains("Fatal error"))
        #expect(!result.stderrText.contains("Stack dump"))
    }

    @Test("pins --json equals the openssl pipeline for every certificate of a file")
    func pinsJSON() async throws {
        let result = try await run(["pins", "--json", "good.pem"])
        #expect(result.status == 0)
        let entries = try JSONSerialization.jsonObject(with: result.stdout) as! [[String: Any]]
        #expect(entries.count == 2)
        for (entry, issued) in zip(entries, pki.good.presented) {
            let details = entry["details"] as! [String: Any]
            #expect(details["spkiPin"] as? String == (try OpenSSLCLI.spkiPin(certificatePEM: issued.pem)))
            #expect(details["certPin"] as? String == (try OpenSSLCLI.certPin(certificatePEM: issued.pem)))
        }
        let text = try await run(["pins", "good.pem"]).stdoutText
        #expect(text.contains("spki-sha256:  \(try OpenSSLCLI.spkiPin(certificatePEM: pki.good.leaf.pem))"))
    }

    @Test("malformed certificate files: exit 2, the file and block named, no crash")
    func pinsMalformed() async throws {
        folder.write("bad.pem", pki.good.leaf.pem + "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
        expectCleanError(try await run(["pins", "bad.pem"]), mentioning: "bad.pem, certificate block 2")
        expectCleanError(try await run(["pins", "missing.pem"]), mentioning: "missing.pem")
    }

    @Test("validate: 0 accepted, 1 rejected, 2 bad input")
    func validateExitCodes() async throws {
        let pinAdd = try await run(["pin", "add", pki.host, "--chain", "good.pem", "--level", "0"])
        #expect(pinAdd.status == 0, "\(pinAdd.stderrText)")
        let anchors = ["--ca-bundle", "root.pem"]
        let accepted = try await run(["validate", "--host", pki.host, "--chain", "good.pem"] + anchors)
        #expect(accepted.status == 0)
        let mitm = try await run(["validate", "--host", pki.host, "--chain", "mitm.pem"] + anchors)
        #expect(mitm.status == 1)
        #expect(mitm.stdoutText.contains("rejected"))
        let rotated = try await run(["validate", "--host", pki.host, "--chain", "rotated.pem", "--json"] + anchors)
        // The new domain is report-only: allowed, but reported.
        #expect(rotated.status == 0)
        let verdict = try JSONSerialization.jsonObject(with: rotated.stdout) as! [String: Any]
        #expect(verdict["outcome"] as? String == "report-only-violation")
        expectCleanError(
            try await run(["validate", "--host", pki.host, "--chain", "nope.pem"] + anchors), mentioning: "nope.pem")
        expectCleanError(
            try await run(["validate", "--host", pki.host, "--chain", "good.pem", "--at", "tomorrow"] + anchors),
            mentioning: "--at tomorrow")
        expectCleanError(try await run(["validate", "--chain", "good.pem"]), mentioning: "--host")
        expectCleanError(try await run(["frobnicate"]), mentioning: "frobnicate")
        let later = try await run(
            ["validate", "--host", pki.host, "--chain", "good.pem", "--at", "2099-01-01T00:00:00Z"] + anchors)
        #expect(later.status == 1)
        #expect(later.stdoutText.contains("expired"))
    }

    @Test("pin add / remove: new domains start report-only; the lint gate blocks lockouts and keeps the file")
    func pinEditing() async throws {
        let manifest = "edit.json"
        var result = try await run(["pin", "add", pki.host, "--chain", "good.pem", "--level", "0", "-m", manifest])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("report-only"))
        result = try await run(["pin", "add", pki.host, "--chain", "good.pem", "--level", "0", "-m", manifest])
        #expect(result.status == 0 && result.stdoutText.contains("nothing changed"))
        result = try await run([
            "pin", "add", pki.host, "--chain", "good.pem", "--level", "1", "--backup", "--mode", "enforce",
            "--note", "issuing CA", "-m", manifest,
        ])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("as backup for \(pki.host); mode set to enforce ("), "\(result.stdoutText)")
        let document = try ManifestStore.load(folder.url.appendingPathComponent(manifest))
        let domain = try #require(document.manifest.domains.first)
        #expect(domain.mode == .enforce)
        #expect(
            domain.pins.map(\.value) == [
                try OpenSSLCLI.spkiPin(certificatePEM: pki.good.leaf.pem),
                try OpenSSLCLI.spkiPin(certificatePEM: pki.intermediate.pem),
            ])
        #expect(domain.pins.map(\.role) == [.active, .backup])
        #expect(domain.pins[1].note == "issuing CA" && domain.pins[1].position == .ca)
        let before = folder.read(manifest)
        result = try await run(["pin", "remove", pki.host, domain.pins[1].value, "-m", manifest])
        expectCleanError(result, code: 1, mentioning: "refusing to write")
        #expect(result.stderrText.contains("too-few-pins"))
        #expect(folder.read(manifest) == before)
        result = try await run(["pin", "remove", pki.host, domain.pins[1].value, "-m", manifest, "--allow-lint-errors"])
        #expect(result.status == 0)
        #expect(result.stderrText.contains("lock its users out"))
        #expect(try ManifestStore.load(folder.url.appendingPathComponent(manifest)).manifest.domains[0].pins.count == 1)
        expectCleanError(
            try await run(["pin", "add", pki.host, "--chain", "good.pem", "--level", "5", "-m", manifest]),
            mentioning: "levels 0...1")
        expectCleanError(try await run(["pin", "remove", pki.host, "nope", "-m", manifest]), mentioning: "has no pin")
    }

    @Test(
        "pin add refuses what is not a host: exit 2, nothing written, the fix named",
        arguments: [
            ("a.test:443", "port"),
            ("https://a.test/", "Write its host alone: \"a.test\""),
            ("bad host!", "a space at character 4"),
            ("*.a.test", "includeSubdomains"),
            ("b$(touch${IFS}X).example.com", "\"$\" at character 2"),
            ("bücher.example", "xn--bcher-kva.example"),
            ("a..test", "empty label"),
        ])
    func pinAddRefusesBadHosts(host: String, fix: String) async throws {
        let result = try await run(["pin", "add", host, "--chain", "good.pem", "--level", "0", "-m", "hosts.json"])
        expectCleanError(result, mentioning: fix)
        #expect(result.stderrText.contains("is not a host name"), "\(result.stderrText)")
        #expect(result.stdoutText.isEmpty)
        #expect(folder.read("hosts.json") == nil, "nothing is written")
        #expect(!FileManager.default.fileExists(atPath: folder.path("X")), "nothing ran")
        // The other host arguments take the same rule.
        expectCleanError(
            try await run(["pin", "remove", host, "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=", "-m", "hosts.json"]),
            mentioning: fix)
        expectCleanError(
            try await run(["validate", "--host", host, "--chain", "good.pem", "-m", "hosts.json"]), mentioning: fix)
    }

    @Test("a hand-written manifest with a bad host or lax JSON is refused by lint, with line, column and JSON path")
    func lintRefusesBadManifests() async throws {
        folder.write(
            "shell.json",
            """
            {"schema": 1, "domains": [{"host": "b$(touch${IFS}X).example.com", "mode": "report-only"}]}
            """)
        var result = try await run(["lint", "-m", "shell.json"])
        expectCleanError(result, mentioning: "shell.json:1:36: $.domains[0].host: ")
        #expect(result.stderrText.contains("\"$\" at character 2"))
        folder.write("dup.json", "{\"schema\": 1,\n \"domains\": [],\n \"domains\": [{\"host\": \"a.test\"}]}")
        result = try await run(["lint", "-m", "dup.json"])
        expectCleanError(result, mentioning: "dup.json:3:2: not valid JSON at $.domains: duplicate key \"domains\"")
        #expect(result.stderrText.contains("first at 2:2"))
        folder.write("comma.json", "{\"schema\": 1, \"domains\": [],}")
        expectCleanError(try await run(["lint", "-m", "comma.json"]), mentioning: "comma.json:1:28: not valid JSON")
        #expect(!result.stderrText.contains("The given data"))
    }

    @Test("lint: exit 1 on errors with the domain and a fix; --json for scripts; malformed manifests named")
    func lint() async throws {
        folder.write(
            "lint.json",
            """
            {"schema": 1, "domains": [{"host": "a.test", "mode": "enforce",
              "pins": [{"type": "spki-sha256", "value": "short"}]}]}
            """)
        let result = try await run(["lint", "-m", "lint.json"])
        #expect(result.status == 1)
        #expect(result.stdoutText.contains("error [too-few-pins] a.test"))
        #expect(result.stdoutText.contains("Fix:"))
        let json = try await run(["lint", "-m", "lint.json", "--json"])
        let findings = try JSONSerialization.jsonObject(with: json.stdout) as! [[String: Any]]
        #expect(
            Set(findings.compactMap { $0["rule"] as? String }).isSuperset(of: ["too-few-pins", "malformed-pin-value"]))
        folder.write(
            "typo.json",
            #"{"schema": 1, "domains": [{"host": "a.test", "pins": [{"type": "spki-sha256", "vlaue": "x"}]}]}"#)
        expectCleanError(
            try await run(["lint", "-m", "typo.json"]), mentioning: "$.domains[0].pins[0].vlaue: unknown field")
        expectCleanError(try await run(["lint", "-m", "absent.json"]), mentioning: "no such manifest")
    }

    @Test("escape sequences in certificate fields never reach the terminal")
    func hostileSubject() async throws {
        let hostile = try CertificateIssuer.leaf(
            commonName: "evil\u{1B}]0;owned\u{07}\u{1B}[31m\u{9B}2J", dnsNames: ["evil.test"], issuer: nil)
        folder.write("hostile.pem", hostile.pem)
        let outputs = [
            try await run(["pins", "hostile.pem"]),
            try await run(["validate", "--host", "evil.test", "--chain", "hostile.pem", "--no-system-trust"]),
        ]
        for output in outputs {
            let bytes = output.stdout + output.stderr
            #expect(!bytes.contains(0x1B))
            #expect(!bytes.contains(0x07))
            #expect(!String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { $0.value == 0x9B })
            #expect(output.stdoutText.contains("evil\\u{1B}]0"))
        }
    }

    @Test("trust anchors: SSL_CERT_FILE, the manifest's trustAnchors relative to its folder, or nothing")
    func trustAnchors() async throws {
        let validate = ["validate", "--host", pki.host, "--chain", "good.pem", "-m", "sub/anchored.json"]
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("sub/anchors"), withIntermediateDirectories: true)
        folder.write("sub/anchored.json", #"{"schema": 1, "trustAnchors": ["anchors/root.pem"], "domains": []}"#)
        folder.write("sub/anchors/root.pem", pki.root.pem)
        #expect(try await run(validate + ["--no-system-trust"]).status == 0)
        folder.write("sub/anchored.json", #"{"schema": 1, "trustAnchors": [], "domains": []}"#)
        let untrusted = try await run(validate + ["--no-system-trust"])
        #expect(untrusted.status == 1)
        #expect(untrusted.stdoutText.contains("not a trust anchor") || untrusted.stdoutText.contains("neither among"))
        let viaEnvironment = try await run(validate, environment: ["SSL_CERT_FILE": folder.path("root.pem")])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.stdoutText)")
        folder.write("sub/anchored.json", #"{"schema": 1, "trustAnchors": ["anchors/missing.pem"], "domains": []}"#)
        expectCleanError(try await run(validate + ["--no-system-trust"]), mentioning: "missing.pem")
    }

    @Test("--help teaches: commands, examples and exit codes")
    func help() async throws {
        let root = try await run(["--help"])
        #expect(root.status == 0)
        for command in ["pins", "validate", "lint", "pin"] { #expect(root.stdoutText.contains(command)) }
        let validate = try await run(["validate", "--help"])
        #expect(validate.stdoutText.contains("Examples:"))
        #expect(validate.stdoutText.contains("1 rejected"))
    }
}
