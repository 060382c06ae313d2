import Foundation
import LabPKI
import TestSupport
import Testing

/// The issue's attack, end to end: a real certificate whose CN holds a newline and a second OkHttp `.add(...)`
/// line (and a bidi override), pinned with the real `pinbench pin add`. No output may grow a line from it.
@Suite("a certificate name that tries to forge lines")
struct HostileTextCLITests {
    static let host = "api.pinbench.test"
    static let forged = "\n    .add(\"evil.example\", \"sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\")"
    /// After the forged line: an option-like `--`, a command substitution and an escape sequence that would turn a
    /// terminal red.
    static let tail = " -- $(touch /tmp/pinbench-pwned) \u{1B}[31m"
    static let commonName = "api\u{202E}" + forged + tail

    let folder = TemporaryFolder()

    /// The hostile leaf under the test PKI's intermediate, its chain and the root, written to the folder.
    func writeChain() throws -> IssuedCertificate {
        let pki = TestPKI.shared
        let leaf = try CertificateIssuer.leaf(
            commonName: Self.commonName, dnsNames: [Self.host], issuer: pki.intermediate)
        _ = folder.write("chain.pem", leaf.pem + pki.intermediate.pem)
        _ = folder.write("root.pem", pki.root.pem)
        return leaf
    }

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        let folder = folder.url
        return try await OffPoolThread.run { try PinBenchBinary.run(arguments, in: folder) }
    }

    /// No line of `text` is a forged one: none starts (after indentation) with the injected call.
    func expectNoForgedLine(_ text: String, _ context: String) {
        let forgedLines = text.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix(".add(\"evil.example\"")
        }
        #expect(forgedLines.isEmpty, "\(context) printed a forged line:\n\(text)")
        #expect(!text.unicodeScalars.contains("\u{202E}"), "\(context) printed a raw U+202E")
        #expect(!text.unicodeScalars.contains("\u{1B}"), "\(context) printed a raw escape")
    }

    @Test("pin add, export okhttp, pins, validate, lint and pin remove: one .add(, no forged line anywhere")
    func offlineCommands() async throws {
        let leaf = try writeChain()
        let added = try await run([
            "pin", "add", Self.host, "--chain", "chain.pem", "--level", "0", "--manifest", "m.json",
        ])
        #expect(added.status == 0, "\(added.stderrText)")
        #expect(added.stdoutText.split(separator: "\n").count == 1, "\(added.stdoutText)")
        #expect(added.stdoutText.contains(#"CN=api\u{202E}\n    .add("#), "\(added.stdoutText)")
        expectNoForgedLine(added.stdoutText + added.stderrText, "pin add")
        let manifest = try #require(folder.read("m.json"))
        #expect(manifest.contains(#"\u202e\n    .add("#), "the manifest escapes the label: \(manifest)")
        expectNoForgedLine(manifest, "the manifest")

        let export = try await run(["export", "okhttp", "--manifest", "m.json"])
        #expect(export.status == 0, "\(export.stderrText)")
        let calls = export.stdoutText.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix(".add(")
        }
        #expect(calls.count == 1, "\(export.stdoutText)")
        let call = try #require(calls.first)
        #expect(call.hasPrefix("    .add(\"\(Self.host)\", \"sha256/"), "\(call)")
        let comment = try #require(call.range(of: " // "))
        #expect(call[comment.upperBound...].contains(".add(\\\"evil.example\\\"") == false)
        #expect(call[comment.upperBound...].contains(#"\n    .add("evil.example""#), "the name stays in the comment")
        expectNoForgedLine(export.stdoutText, "export okhttp")

        // One pin: TrustKit and HPKP clients would refuse it, so --allow-invalid writes the text to examine.
        for format in ["android", "trustkit", "ats", "curl", "hpkp"] {
            let other = try await run(["export", format, "--manifest", "m.json", "--allow-invalid"])
            #expect(other.status == 0, "\(format): \(other.stderrText)")
            expectNoForgedLine(other.stdoutText + other.stderrText, "export \(format)")
        }

        let pins = try await run(["pins", "chain.pem"])
        #expect(pins.status == 0)
        #expect(pins.stdoutText.contains(#"Subject:      CN=api\u{202E}\n    .add("#), "\(pins.stdoutText)")
        expectNoForgedLine(pins.stdoutText, "pins")

        let pinsJSON = try await run(["pins", "--json", "chain.pem"])
        #expect(!pinsJSON.stdoutText.unicodeScalars.contains("\u{202E}"))
        #expect(pinsJSON.stdoutText.contains(#"api\u202e\n    .add("#), "\(pinsJSON.stdoutText)")
        let decoded = try #require(JSONSerialization.jsonObject(with: pinsJSON.stdout) as? [[String: Any]])
        let subject = (decoded.first?["details"] as? [String: Any])?["subject"] as? String
        #expect(subject?.contains("api\u{202E}\n    .add(") == true, "JSON keeps the name: \(subject ?? "nil")")

        let validate = try await run([
            "validate", "--host", Self.host, "--chain", "chain.pem", "--manifest", "m.json", "--ca-bundle", "root.pem",
            "--no-system-trust",
        ])
        expectNoForgedLine(validate.stdoutText + validate.stderrText, "validate")
        #expect(validate.stdoutText.contains(Self.host), "\(validate.stdoutText)")

        let lint = try await run(["lint", "--manifest", "m.json"])
        expectNoForgedLine(lint.stdoutText + lint.stderrText, "lint")
        #expect(lint.stdoutText.contains("1 warning") || lint.stdoutText.contains("1 error") || lint.status == 0)
        #expect(!lint.stdoutText.contains("1 warnings") && !lint.stdoutText.contains("1 errors"))

        let value = try OpenSSLCLI.spkiPin(certificatePEM: leaf.pem)
        let removed = try await run(["pin", "remove", Self.host, value, "--manifest", "m.json", "--allow-lint-errors"])
        #expect(removed.status == 0, "\(removed.stderrText)")
        expectNoForgedLine(removed.stdoutText + removed.stderrText, "pin remove")
    }

    @Test("export android: a name whose hyphens sit in grapheme clusters cannot close the XML comment")
    func androidCommentClusters() async throws {
        let pki = TestPKI.shared
        let injected =
            "x\u{600}--><pin digest=\"SHA-256\">AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=</pin><!--\u{301}"
        let leaf = try CertificateIssuer.leaf(commonName: injected, dnsNames: [Self.host], issuer: pki.intermediate)
        _ = folder.write("chain.pem", leaf.pem + pki.intermediate.pem)
        for (level, role) in [("0", []), ("1", ["--backup"])] {
            let added = try await run(
                ["pin", "add", Self.host, "--chain", "chain.pem", "--level", level, "--manifest", "m.json"] + role)
            #expect(added.status == 0, "\(added.stderrText)")
        }
        let export = try await run(["export", "android", "--manifest", "m.json"])
        #expect(export.status == 0, "\(export.stderrText)")
        let script = """
            import sys, xml.etree.ElementTree as E
            print(len(list(E.fromstring(sys.stdin.buffer.read()).iter('pin'))))
            """
        let parsed = try await OffPoolThread.run {
            try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script], input: export.stdout)
        }
        #expect(parsed.status == 0, "expat refused the export: \(parsed.stderrText)\n\(export.stdoutText)")
        #expect(parsed.stdoutText == "2\n", "the export holds other pins than the two added:\n\(export.stdoutText)")
    }

    @Test("pins and pins --json: invisible characters in a name (BOM, zero width space, tag characters) shown")
    func invisibleCharacters() async throws {
        let hidden = "api\u{FEFF}\u{200B}\u{E0065}\u{E0076}\u{E0069}\u{E006C}"
        let leaf = try CertificateIssuer.leaf(commonName: hidden, dnsNames: [Self.host], issuer: TestPKI.shared.root)
        _ = folder.write("hidden.pem", leaf.pem)
        let plain = try await run(["pins", "hidden.pem"])
        #expect(plain.stdoutText.contains(#"CN=api\u{FEFF}\u{200B}\u{E0065}\u{E0076}"#), "\(plain.stdoutText)")
        let json = try await run(["pins", "--json", "hidden.pem"])
        #expect(json.stdoutText.contains(#"api\ufeff\u200b\udb40\udc65"#), "\(json.stdoutText)")
        for output in [plain.stdoutText, json.stdoutText] {
            #expect(!output.unicodeScalars.contains { [0xFEFF, 0x200B, 0xE0065].contains($0.value) })
        }
    }

    @Test("inspect and check against a real openssl s_server serving the hostile leaf")
    func liveCommands() async throws {
        let leaf = try writeChain()
        let pki = TestPKI.shared
        let server = try await OffPoolThread.run {
            try SServer(certificatePEM: leaf.pem, keyPEM: leaf.key.privateKeyPEM, chainPEM: pki.intermediate.pem)
        }
        defer { server.stop() }
        let added = try await run([
            "pin", "add", Self.host, "--chain", "chain.pem", "--level", "0", "--manifest", "m.json",
        ])
        #expect(added.status == 0, "\(added.stderrText)")
        let endpoint = "127.0.0.1:\(server.port)"

        let inspect = try await run([
            "inspect", Self.host, "--connect", endpoint, "--manifest", "m.json", "--ca-bundle", "root.pem",
            "--no-system-trust", "--timeout", "5",
        ])
        #expect(
            inspect.stdoutText.contains(#"CN=api\u{202E}\n    .add("#), "\(inspect.stdoutText)\(inspect.stderrText)")
        expectNoForgedLine(inspect.stdoutText + inspect.stderrText, "inspect")

        let manifest = try #require(folder.read("m.json"))
        let withConnect = manifest.replacingOccurrences(
            of: "\"host\": \"\(Self.host)\",", with: "\"connect\": \"\(endpoint)\",\n      \"host\": \"\(Self.host)\",")
        _ = folder.write("m.json", withConnect)
        let check = try await run([
            "check", "--manifest", "m.json", "--ca-bundle", "root.pem", "--no-system-trust", "--timeout", "5",
        ])
        #expect(check.stdoutText.contains("1 domain:"), "\(check.stdoutText)\(check.stderrText)")
        #expect(!check.stdoutText.contains("1 warnings") && !check.stdoutText.contains("1 errors"))
        expectNoForgedLine(check.stdoutText + check.stderrText, "check")

        // The JSON report is written a row at a time: the hostile name is still one escaped string, intact.
        let checkJSON = try await run([
            "check", "--json", "--manifest", "m.json", "--ca-bundle", "root.pem", "--no-system-trust", "--timeout", "5",
        ])
        expectNoForgedLine(checkJSON.stdoutText, "check --json")
        #expect(!checkJSON.stdoutText.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let report = try #require(
            try JSONSerialization.jsonObject(with: checkJSON.stdout) as? [String: Any], "\(checkJSON.stderrText)")
        let row = try #require((report["results"] as? [[String: Any]])?.first)
        #expect(row["outcome"] as? String == "accepted")
        let subject = try #require((row["matchedPin"] as? [String: Any])?["subject"] as? String)
        // The distinguished name's own escaping (RFC 4514: `\"`, `\,`) stays; the newline and U+202E are data again.
        #expect(subject.hasPrefix("CN=api\u{202E}\n    .add(\\\"evil.example\\\"\\, "), "\(subject)")
        #expect(subject.hasSuffix(Self.tail), "the rest of the name is data too: \(subject)")
    }
}

struct ServerDidNotStart: Error {}

/// `openssl s_server` on 127.0.0.1 and a port the system picks, read back from its `ACCEPT` line.
final class SServer: @unchecked Sendable {
    // @unchecked Sendable: every field is immutable; stop() only signals the process and waits for it.
    let port: UInt16
    private let process = Process()
    private let folder = TemporaryFolder()

    init(certificatePEM: String, keyPEM: String, chainPEM: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "s_server", "-accept", "127.0.0.1:0", "-www", "-cert", folder.write("leaf.pem", certificatePEM),
            "-key", folder.write("leaf.key", keyPEM), "-cert_chain", folder.write("chain.pem", chainPEM),
        ]
        process.standardInput = FileHandle.nullDevice
        let output = folder.write("stdout.txt", "")
        try FoundationLaunch.serialized { [process] in
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            process.standardError = FileHandle.nullDevice
            try process.run()
        }
        let end = Date().addingTimeInterval(60)
        var found: UInt16?
        while found == nil && Date() < end {
            let text = folder.read("stdout.txt") ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT ") }),
                let colon = line.lastIndex(of: ":")
            {
                found = UInt16(line[line.index(after: colon)...])
            }
            usleep(20_000)
        }
        port = found ?? 0
        if found == nil {
            stop()
            throw ServerDidNotStart()
        }
    }

    /// SIGKILL: a process started from a test's worker thread may have SIGTERM blocked.
    func stop() {
        guard process.isRunning else { return }
        _ = kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
