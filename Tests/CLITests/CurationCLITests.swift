import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `pinbench domain set` and `pinbench pin note`: the built binary on real manifest files, behind the same lint
/// gate and the same locked writer as `pin add`.
@Suite("domain set and pin note")
struct CurationCLITests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    init() {
        folder.write("good.pem", pki.good.presentedPEM)
        folder.write("rotated.pem", pki.rotated.presentedPEM)
    }

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    /// The manifest file as JSON, read without pinbench's own reader.
    func domainJSON(_ host: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.url.appendingPathComponent("pins.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let domains = try #require(root["domains"] as? [[String: Any]])
        return try #require(domains.first { $0["host"] as? String == host })
    }

    func manifestBytes() throws -> Data { try Data(contentsOf: folder.url.appendingPathComponent("pins.json")) }

    /// A manifest with the test host pinned on its leaf key (report-only, as `pin add` creates it).
    func pinLeaf() async throws -> String {
        let added = try await run(["pin", "add", pki.host, "--chain", "good.pem", "--level", "0"])
        try #require(added.status == 0, "\(added.stderrText)")
        return try OpenSSLCLI.spkiPin(certificatePEM: pki.good.leaf.pem)
    }

    @Test("domain set changes only the named settings and writes them")
    func domainSet() async throws {
        _ = try await pinLeaf()
        #expect(try domainJSON(pki.host)["mode"] as? String == "report-only")
        let set = try await run([
            "domain", "set", pki.host, "--expires", "2027-06-30", "--connect", "127.0.0.1:8443",
            "--include-subdomains", "true",
        ])
        #expect(set.status == 0, "\(set.stderrText)")
        #expect(set.stdoutText.contains("expires 2027-06-30 (was none)"))
        var domain = try domainJSON(pki.host)
        #expect(domain["expires"] as? String == "2027-06-30")
        #expect(domain["connect"] as? String == "127.0.0.1:8443")
        #expect(domain["includeSubdomains"] as? Bool == true)
        #expect(domain["mode"] as? String == "report-only" && domain["port"] as? Int == 443)
        #expect((domain["pins"] as? [Any])?.count == 1)

        let cleared = try await run([
            "domain", "set", pki.host, "--expires", "none", "--connect", "none", "--port", "8443",
        ])
        #expect(cleared.status == 0, "\(cleared.stderrText)")
        domain = try domainJSON(pki.host)
        #expect(domain["expires"] == nil && domain["connect"] == nil && domain["port"] as? Int == 8443)

        let same = try await run(["domain", "set", pki.host, "--port", "8443"])
        #expect(same.status == 0 && same.stdoutText.contains("already has these settings; nothing changed"))
    }

    @Test("domain set --json prints the outcome and the domain as written")
    func domainSetJSON() async throws {
        _ = try await pinLeaf()
        let result = try await run(["domain", "set", pki.host, "--expires", "2027-01-31", "--json"])
        #expect(result.status == 0, "\(result.stderrText)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(json["changed"] as? Bool == true)
        #expect(json["host"] as? String == pki.host)
        #expect(json["manifest"] as? String == folder.path("pins.json"))
        #expect((json["domain"] as? [String: Any])?["expires"] as? String == "2027-01-31")
        #expect((json["message"] as? String)?.contains("expires 2027-01-31") == true)
    }

    @Test("enforcing a single pin is refused by the lint gate unless overridden; nothing is written")
    func lintGate() async throws {
        _ = try await pinLeaf()
        let before = try manifestBytes()
        let refused = try await run(["domain", "set", pki.host, "--mode", "enforce"])
        #expect(refused.status == 1, "\(refused.stderrText)")
        #expect(refused.stderrText.contains("too-few-pins"))
        #expect(refused.stderrText.contains("--allow-lint-errors"))
        #expect(try manifestBytes() == before)
        let forced = try await run(["domain", "set", pki.host, "--mode", "enforce", "--allow-lint-errors"])
        #expect(forced.status == 0, "\(forced.stderrText)")
        #expect(try domainJSON(pki.host)["mode"] as? String == "enforce")
    }

    @Test("unknown hosts, bad values and missing manifests: exit 2, said in words, the file untouched")
    func refusals() async throws {
        let noManifest = try await run(["domain", "set", pki.host, "--mode", "enforce"])
        #expect(noManifest.status == 2 && noManifest.stderrText.contains("no such manifest"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("pins.json")), "nothing is created")

        _ = try await pinLeaf()
        let before = try manifestBytes()
        let unknown = try await run(["domain", "set", "typo.pinbench.test", "--mode", "enforce"])
        #expect(unknown.status == 2)
        #expect(unknown.stderrText.contains("typo.pinbench.test is not in \(folder.path("pins.json"))"))
        #expect(unknown.stderrText.contains("pinbench pin add typo.pinbench.test"))
        let cases: [([String], String)] = [
            (["--expires", "2027-13-01"], "--expires \"2027-13-01\" is not usable"),
            (["--connect", "127.0.0.1"], "the port is missing"),
            (["--connect", "x.example;id:443"], "--connect"),
            (["--port", "70000"], "--port \"70000\" is not usable"),
            (["--include-subdomains", "maybe"], "true or false"),
            (["--mode", "lax"], "lax"),
            ([], "Name at least one setting"),
        ]
        for (options, words) in cases {
            let result = try await run(["domain", "set", pki.host] + options)
            #expect(result.status == 2, "\(options): \(result.stderrText)")
            #expect(result.stderrText.contains(words), "\(options): \(result.stderrText)")
            #expect(!result.stderrText.contains("Fatal error"))
        }
        let badHost = try await run(["domain", "set", "bad host", "--port", "1"])
        #expect(badHost.status == 2 && badHost.stderrText.contains("space"))
        let noteUnknown = try await run(["pin", "note", "typo.pinbench.test", "x", "y"])
        #expect(noteUnknown.status == 2 && noteUnknown.stderrText.contains("is not in"))
        let noteNoPin = try await run(["pin", "note", pki.host, "nope", "y"])
        #expect(noteNoPin.status == 2 && noteNoPin.stderrText.contains("has no pin nope"))
        #expect(try manifestBytes() == before)
    }

    @Test("pin note sets, shows as JSON and removes a note; control, line-break and bidi text is refused")
    func pinNote() async throws {
        let leaf = try await pinLeaf()
        let before = try manifestBytes()
        for hostile in ["offline key\n\u{1B}[31mred", "key \u{202E}B efas", "tab\there"] {
            let refused = try await run(["pin", "note", pki.host, leaf, hostile])
            #expect(refused.status == 2 && refused.stderrText.contains("the note holds U+"), "\(refused.stderrText)")
            #expect(!refused.stderrText.contains("\u{1B}") && !refused.stderrText.contains("\u{202E}"))
            #expect(try manifestBytes() == before, "nothing written")
        }
        let note = "clé de secours, coffre B"
        let noted = try await run(["pin", "note", pki.host, leaf, note, "--json"])
        #expect(noted.status == 0, "\(noted.stderrText)")
        let json = try #require(try JSONSerialization.jsonObject(with: noted.stdout) as? [String: Any])
        #expect(json["changed"] as? Bool == true)
        let pins = try #require(try domainJSON(pki.host)["pins"] as? [[String: Any]])
        #expect(pins[0]["note"] as? String == note)
        let text = try await run(["pin", "note", pki.host, leaf, ""])
        #expect(text.status == 0 && text.stdoutText.contains("removed the note of pin \(leaf)"))
        #expect((try domainJSON(pki.host)["pins"] as? [[String: Any]])?[0]["note"] == nil)
        let tooLong = try await run(["pin", "note", pki.host, leaf, String(repeating: "x", count: 1_001)])
        #expect(tooLong.status == 1 && tooLong.stderrText.contains("text-too-long"))
    }

    @Test("domain set, pin note and pin add at once on one manifest: every edit lands")
    func concurrentWriters() async throws {
        let leaf = try await pinLeaf()
        let folderURL = folder.url
        let host = pki.host
        let commands: [[String]] = [
            ["pin", "add", host, "--chain", "good.pem", "--level", "1", "--backup"],
            ["pin", "add", host, "--chain", "rotated.pem", "--level", "0", "--backup"],
            ["domain", "set", host, "--expires", "2027-06-30"],
            ["domain", "set", host, "--include-subdomains", "true"],
            ["domain", "set", host, "--connect", "127.0.0.1:9443"],
            ["pin", "note", host, leaf, "the leaf key"],
        ]
        let results = try await withThrowingTaskGroup(of: ([String], ProcessRunner.Result).self) { group in
            for command in commands {
                group.addTask { (command, try await PinBenchBinary.run(command, in: folderURL)) }
            }
            var all: [([String], ProcessRunner.Result)] = []
            for try await result in group { all.append(result) }
            return all
        }
        // A writer that waits out the lock's timeout (10 s: fsync behind a loaded disk can reach it) is refused by
        // design, naming the holder and writing nothing; the user runs it again. Any other failure is a fault.
        for (command, result) in results where result.status != 0 {
            #expect(result.stderrText.contains("holds the manifest's lock"), "\(command): \(result.stderrText)")
            let again = try await PinBenchBinary.run(command, in: folderURL)
            #expect(again.status == 0, "\(command), again: \(again.stderrText)")
        }
        let domain = try domainJSON(host)
        #expect(domain["expires"] as? String == "2027-06-30")
        #expect(domain["includeSubdomains"] as? Bool == true)
        #expect(domain["connect"] as? String == "127.0.0.1:9443")
        let pins = try #require(domain["pins"] as? [[String: Any]])
        #expect(pins.count == 3, "\(pins)")
        #expect(pins.first { $0["value"] as? String == leaf }?["note"] as? String == "the leaf key")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0.hasPrefix(".pins.json.pinbench-tmp.") }
        #expect(leftovers.isEmpty)
    }
}
