import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing

/// `pinbench import` and `pinbench backup-key`, run as a user or a CI script would.
@Suite("pinbench import and backup-key")
struct ImportCLITests {
    let folder = TemporaryFolder()
    static let pins = (1...3).map { Data(repeating: UInt8($0), count: 32).base64EncodedString() }

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    func manifest() throws -> PinManifest {
        try ManifestStore.load(folder.url.appendingPathComponent("pins.json")).manifest
    }

    func androidConfig(pins: [String]) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <network-security-config>
            <domain-config>
                <domain includeSubdomains="true">api.example.test</domain>
                <pin-set expiration="2027-06-30">
        \(pins.map { "            <pin digest=\"SHA-256\">\($0)</pin>" }.joined(separator: "\n"))
                    <pin digest="SHA-1">2fRAUXyxl4A1/XHrKNBmc8bTkzA=</pin>
                </pin-set>
            </domain-config>
        </network-security-config>
        """
    }

    @Test("--dry-run lists the changes and the items not carried, and writes nothing")
    func dryRun() async throws {
        folder.write("nsc.xml", androidConfig(pins: Array(Self.pins.prefix(2))))
        let result = try await run(["import", "android", "nsc.xml", "--dry-run"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("api.example.test: new domain (mode enforce, includeSubdomains true"))
        #expect(result.stdoutText.contains("add pin \(Self.pins[0])"))
        #expect(result.stdoutText.contains("digest \"SHA-1\": only SHA-256 pins are carried"))
        #expect(result.stdoutText.contains("dry run; nothing written"))
        #expect(folder.read("pins.json") == nil)
    }

    @Test("a real run writes through the one writer; --json says what changed; a second run changes nothing")
    func write() async throws {
        folder.write("nsc.xml", androidConfig(pins: Array(Self.pins.prefix(2))))
        let result = try await run(["import", "android", "nsc.xml", "--json"])
        #expect(result.status == 0, "\(result.stderrText)")
        let report = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
        #expect(report["written"] as? Bool == true)
        #expect((report["changes"] as? [[String: Any]])?.count == 3)
        let skipped = report["notCarried"] as? [[String: Any]]
        #expect(skipped?.count == 1 && skipped?.first?["code"] as? String == "unsupportedDigest")
        let domain = try #require(try manifest().domains.first)
        #expect(domain.host == "api.example.test" && domain.includeSubdomains && domain.mode == .enforce)
        #expect(domain.expires == CalendarDay("2027-06-29"))  // expiration is the first day without pins
        #expect(domain.pins.map(\.value) == Array(Self.pins.prefix(2)))
        #expect(domain.pins.allSatisfy { $0.note == "imported from Android Network Security Config (nsc.xml)" })
        let before = folder.read("pins.json")
        let again = try await run(["import", "android", "nsc.xml"])
        #expect(again.status == 0 && again.stdoutText.contains("nothing to change"))
        #expect(folder.read("pins.json") == before)
    }

    @Test("the lint gate refuses an enforced single-pin domain unless --allow-lint-errors; dry run exits 1 too")
    func lintGate() async throws {
        folder.write("nsc.xml", androidConfig(pins: [Self.pins[0]]))
        let dry = try await run(["import", "android", "nsc.xml", "--dry-run"])
        #expect(dry.status == 1, "\(dry.stderrText)")
        let refused = try await run(["import", "android", "nsc.xml"])
        #expect(refused.status == 1)
        #expect(refused.stderrText.contains("refusing to write"))
        #expect(refused.stdoutText.contains("digest \"SHA-1\""))
        #expect(folder.read("pins.json") == nil)
        let forced = try await run(["import", "android", "nsc.xml", "--allow-lint-errors"])
        #expect(forced.status == 0)
        #expect(try manifest().domains.first?.pins.count == 1)
    }

    @Test("a write the lint gate refuses lists the changes it refused, never \"nothing to change\"; --json says so")
    func lintGateShowsWhatWasRefused() async throws {
        folder.write("nsc.xml", androidConfig(pins: [Self.pins[0]]))
        let refused = try await run(["import", "android", "nsc.xml"])
        #expect(refused.status == 1)
        #expect(!refused.stdoutText.contains("nothing to change"), "\(refused.stdoutText)")
        #expect(refused.stdoutText.contains("api.example.test: new domain"))
        #expect(refused.stdoutText.contains("add pin \(Self.pins[0])"))
        #expect(refused.stdoutText.contains("2 changes refused by the lint gate"), "\(refused.stdoutText)")
        #expect(refused.stderrText.contains("too-few-pins") || refused.stderrText.contains("enforces 1 pin"))
        let json = try await run(["import", "android", "nsc.xml", "--json"])
        #expect(json.status == 1)
        let report = try JSONSerialization.jsonObject(with: json.stdout) as! [String: Any]
        #expect(report["written"] as? Bool == false && report["refusedByLint"] as? Bool == true)
        #expect((report["changes"] as? [[String: Any]])?.count == 2)
        #expect(folder.read("pins.json") == nil)
    }

    @Test("a binary plist of shared references is refused fast, naming the budget, within bounded memory")
    func expansionBomb() async throws {
        // TSKPinnedDomains → 26 arrays of 40 references each to the next: 40^27 objects from 1.2 KB.
        let bomb = BinaryPlistBytes.sharedReferenceBomb(depth: 25, fanout: 40, leafLength: 1)
        folder.write("bomb.plist", bomb)
        // Under a 1 GiB address-space limit: reading the expansion would need far more; refusing it needs little.
        let binary = PinBenchBinary.url.path
        let result = try await OffPoolThread.run {
            try ProcessRunner.run(
                "/bin/sh",
                [
                    "-c", "cd \"$1\" && ulimit -v 1048576 && exec \"$2\" import trustkit bomb.plist", "sh",
                    folder.url.path, binary,
                ], timeout: 60)
        }
        #expect(result.status == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("bomb.plist: expands to more than 200000 objects"), "\(result.stderrText)")
        #expect(result.stderrText.contains("budget"))
        #expect(folder.read("pins.json") == nil)
    }

    @Test("hostile and bad files: exit 2 in the project's words, nothing written, no control characters echoed")
    func badFiles() async throws {
        folder.write("x.plist", "not a plist")
        let notPlist = try await run(["import", "trustkit", "x.plist"])
        #expect(notPlist.status == 2 && notPlist.stderrText.contains("is not a property list"))
        #expect(!notPlist.stderrText.contains("NSCocoaErrorDomain"))
        let missing = try await run(["import", "ats", "missing.plist"])
        #expect(missing.status == 2 && missing.stderrText.contains("no such file"))
        // A bidirectional override in a host (XML may carry it): refused by the host rule, shown escaped.
        folder.write(
            "evil.xml",
            androidConfig(pins: Self.pins).replacingOccurrences(of: "api.example.test", with: "a&#x202E;b.test"))
        let evil = try await run(["import", "android", "evil.xml"])
        #expect(evil.status == 0, "\(evil.stderrText)")
        #expect(!evil.stdoutText.contains("\u{202E}") && evil.stdoutText.contains("\\u{202E}"))
        #expect(evil.stdoutText.contains("is not a host name"))
        // An escape character XML 1.0 cannot hold: not well-formed, said so.
        folder.write(
            "esc.xml",
            androidConfig(pins: Self.pins).replacingOccurrences(of: "api.example.test", with: "a&#x1B;[2J.test"))
        let escape = try await run(["import", "android", "esc.xml"])
        #expect(escape.status == 2 && escape.stderrText.contains("is not well-formed XML"))
        #expect(folder.read("pins.json") == nil)
    }

    @Test("backup-key: the pin in the manifest is openssl's pin of the key; mode 0600 under umask 0; no overwrite")
    func backupKey() async throws {
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("keys"), withIntermediateDirectories: true)
        let binary = PinBenchBinary.url.path
        let result = try await OffPoolThread.run {
            try ProcessRunner.run(
                "/bin/sh",
                [
                    "-c",
                    "cd \"$1\" && umask 0 && exec \"$2\" backup-key api.example.test --algorithm p256 --out keys --json",
                    "sh", folder.url.path, binary,
                ])
        }
        #expect(result.status == 0, "\(result.stderrText)")
        let report = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
        let keyPath = try #require(report["privateKey"] as? String)
        let opensslPin = try await OffPoolThread.run {
            let der = try OpenSSLCLI.run(["pkey", "-in", keyPath, "-pubout", "-outform", "DER"])
            return try OpenSSLCLI.run(["dgst", "-sha256", "-binary"], input: der).base64EncodedString()
        }
        #expect(report["pin"] as? String == opensslPin)
        var status = stat()
        #expect(stat(keyPath, &status) == 0 && status.st_mode & 0o777 == 0o600)
        let pin = try #require(try manifest().domains.first?.pins.first)
        #expect(pin.value == opensslPin && pin.role == .backup && pin.note?.contains(keyPath) == true)

        let before = folder.read("pins.json")
        let again = try await run(["backup-key", "api.example.test", "--algorithm", "p256", "--out", "keys"])
        #expect(again.status == 2 && again.stderrText.contains("already exists"))
        #expect(folder.read("pins.json") == before)
        let badHost = try await run(["backup-key", "*.example.test", "--algorithm", "p256", "--out", "keys"])
        #expect(badHost.status == 2 && badHost.stderrText.contains("wildcard"))
    }
}
