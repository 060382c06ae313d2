import FieldReports
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

@Suite(
    "pinbench collect and reports: the built binary, real clients, kill -9",
    .enabled(if: CollectorWorld.hasTools, "needs curl and the sqlite3 command line"))
struct CollectorCLITests {
    @Test("A non-loopback --listen is refused with exit 2 and what HTTPS needs; nothing is created")
    func nonLoopbackRefused() async throws {
        let world = try CollectorWorld()
        let result = try await PinBenchBinary.run(
            ["collect", "--listen", "0.0.0.0:8443", "--db", world.database, "--manifest", world.manifestPath],
            in: world.folder.url)
        #expect(result.status == 2)
        #expect(result.stderrText.contains("--tls-cert"))
        #expect(!FileManager.default.fileExists(atPath: world.database))
    }

    @Test("Hostile option values are bad input (exit 2) naming the option, never a trap, and create no database")
    func hostileOptionValues() async throws {
        let world = try CollectorWorld()
        let collect = ["collect", "--listen", "127.0.0.1:0", "--db", world.database, "--manifest", world.manifestPath]
        let cases: [(arguments: [String], option: String)] = [
            (collect + ["--rate", "nan"], "--rate"), (collect + ["--rate", "inf"], "--rate"),
            (collect + ["--rate", "-1"], "--rate"), (collect + ["--retention-days", "0"], "--retention-days"),
            (collect + ["--retention-days", "18446744073709551616"], "--retention-days"),
            (collect + ["--retention-days", "9000000000000000000"], "--retention-days"),
            (collect + ["--max-reports", "-1"], "--max-reports"),
            (["reports", "--db", world.database, "--since", "10000-01-01"], "--since"),
            (["reports", "--db", world.database, "--since", "nan"], "--since"),
            (["reports", "--db", world.database, "--host", "a b"], "a b"),
        ]
        for (arguments, option) in cases {
            let result = try await PinBenchBinary.run(arguments, in: world.folder.url)
            #expect(result.status == 2, "\(arguments): \(result.stderrText)")
            #expect(result.stderrText.contains(option), "\(arguments): \(result.stderrText)")
            #expect(!result.stderrText.contains("Fatal error"))
        }
        #expect(!FileManager.default.fileExists(atPath: world.database))
    }

    @Test("collect, then reports: counts by host, release and judgement, text escaped, JSON that reads back, --fail-on")
    func collectThenReport() async throws {
        let world = try CollectorWorld()
        // A proxy whose root's name carries a terminal escape: it must never reach the terminal raw.
        let hostileRoot = try CertificateIssuer.root(commonName: "Proxy \u{1B}]0;owned\u{07} CA", key: .p256)
        let proxyLeaf = try CertificateIssuer.leaf(
            commonName: world.pki.host, dnsNames: [world.pki.host], key: .p256, issuer: hostileRoot)
        let collector = try await OffPoolThread.run {
            try CollectorProcess(
                arguments: [
                    "--listen", "127.0.0.1:0", "--db", world.database, "--manifest", world.manifestPath,
                    "--ca-bundle", world.rootPath, "--no-system-trust",
                ], in: world.folder.url)
        }
        for _ in 0..<3 {
            #expect(
                try await CollectorWorld.curl(collector.url, body: world.body(chain: world.pki.rotated.full)).status
                    == 200)
        }
        #expect(
            try await CollectorWorld.curl(collector.url, body: world.body(chain: [proxyLeaf, hostileRoot])).status
                == 200)
        #expect(
            try await CollectorWorld.curl(collector.url, body: world.body(chain: world.pki.good.full)).status == 200)
        #expect(collector.interrupt() == 0)
        #expect(collector.printed.contains("stopped: 5 reports stored"))

        let text = try await PinBenchBinary.run(["reports", "--db", world.database], in: world.folder.url)
        #expect(text.status == 0)
        #expect(!text.stdoutText.contains("\u{1B}"))
        #expect(text.stdoutText.contains("Proxy \\u{1B}]0\\;owned\\u{7} CA"))
        let rows = text.stdoutText.split(separator: "\n").filter { $0.hasPrefix(world.pki.host + "  ") }
        #expect(rows.count == 3)
        #expect(rows.contains { $0.contains("lockout") && $0.contains("  3  ") })

        let json = try await PinBenchBinary.run(["reports", "--db", world.database, "--json"], in: world.folder.url)
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let groups = try #require(document["groups"] as? [[String: Any]])
        #expect(groups.count == 3)
        let interception = try #require(groups.first { $0["judgement"] as? String == "interception" })
        let sample = try #require(interception["sample"] as? [String: Any])
        // The raw name, escape and bell included, reads back from the JSON (RFC 4514 escapes the semicolon).
        #expect((sample["issuer"] as? String)?.contains("Proxy \u{1B}]0\\;owned\u{07} CA") == true)
        let chain = try #require(sample["chain"] as? [String])
        #expect(
            try CertificateChainDecoder.decode(Data(chain.joined().utf8), source: "json").map(\.der)
                == [proxyLeaf.der, hostileRoot.der])
        let lockout = try #require(groups.first { $0["judgement"] as? String == "lockout" })
        #expect(lockout["occurrences"] as? Int == 3)

        let fail = try await PinBenchBinary.run(
            ["reports", "--db", world.database, "--fail-on", "lockout,suspicious"], in: world.folder.url)
        #expect(fail.status == 1)
        let quiet = try await PinBenchBinary.run(
            ["reports", "--db", world.database, "--fail-on", "suspicious", "--host", "other.pinbench.test"],
            in: world.folder.url)
        #expect(quiet.status == 0)
        #expect(quiet.stdoutText.contains("no reports"))
        let badWord = try await PinBenchBinary.run(
            ["reports", "--db", world.database, "--fail-on", "lockouts"], in: world.folder.url)
        #expect(badWord.status == 2)
        let missing = try await PinBenchBinary.run(
            ["reports", "--db", world.folder.path("nope.db")], in: world.folder.url)
        #expect(missing.status == 2)
        #expect(!FileManager.default.fileExists(atPath: world.folder.path("nope.db")))
    }

    @Test("Soak: many concurrent clients for a bounded time, kill -9 mid-flood, every acknowledged report is stored")
    func soakThenKill() async throws {
        let world = try CollectorWorld()
        let collector = try await OffPoolThread.run {
            try CollectorProcess(
                arguments: [
                    "--listen", "127.0.0.1:0", "--db", world.database, "--manifest", world.manifestPath,
                    "--ca-bundle", world.rootPath, "--no-system-trust",
                ], in: world.folder.url)
        }
        let template = world.folder.write("template.json", world.body(chain: world.pki.rotated.full))
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "soak_client.py")
        // The clients post for up to 60 seconds; the collector is killed while they are still posting, once it has
        // stored 60 reports (a loaded machine takes longer to get there than a quiet one) or after 40 seconds.
        async let clients = OffPoolThread.run {
            try ProcessRunner.run(
                PythonInterpreter.path,
                PythonInterpreter.arguments + [script.path, collector.url, template, "16", "60"], timeout: 120)
        }
        let giveUp = ContinuousClock.now + .seconds(40)
        while ContinuousClock.now < giveUp {
            try await Task.sleep(for: .milliseconds(200))
            // A read that meets the writer's lock counts as none stored yet; the next one tries again.
            let stored =
                (try? await CollectorWorld.sqlite(world.database, "SELECT coalesce(sum(count), 0) FROM reports")) ?? ""
            if (Int(stored.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) >= 60 { break }
        }
        collector.killNow()
        let result = try await clients
        #expect(result.status == 0, "\(result.stderrText)")
        let acknowledged = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(acknowledged.count > 50)
        var expected: [String: Int] = [:]
        for version in acknowledged { expected[version, default: 0] += 1 }
        let rows = try await CollectorWorld.sqlite(world.database, "SELECT app_version, count FROM reports")
        var stored: [String: Int] = [:]
        for row in rows.split(separator: "\n") {
            let parts = row.split(separator: "|")
            stored[String(parts[0])] = Int(parts[1])
        }
        let lost = expected.filter { (stored[$0.key] ?? 0) < $0.value }
        #expect(lost.isEmpty, "acknowledged but not stored: \(lost.prefix(5))")
    }
}
