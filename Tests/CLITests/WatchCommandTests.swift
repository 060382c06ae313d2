import DemoLab
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `pinbench watch` against two real CT logs on 127.0.0.1 (the lab's HTTP server: one RFC 6962 log, one tiled
/// log) and the forecast fixture's releases: which logged certificates lock out which releases, pins cross-checked
/// with openssl, a restart that neither misses nor repeats, and logs that misbehave, stall or flood.
@Suite("pinbench watch against lab CT logs", .serialized)
struct WatchCommandTests {
    let world = ForecastFixture()
    let server: LabHTTPServer
    let rfcLog = LabLog(origin: "ct.pinbench.test/a")
    let tiledLog = LabLog(origin: "ct.pinbench.test/b")

    init() throws {
        server = try LabHTTPServer()
        let rfcURL = server.mount(rfcLog, at: "a")
        let tiledURL = server.mount(tiledLog, at: "b")
        let list = CTLogList(logs: [
            rfcLog.listEntry(description: "Lab RFC 6962 log", url: rfcURL),
            CTLogList.Log(
                description: "Lab tiled log", operatorName: "PinBench Lab", logID: tiledLog.logID, key: tiledLog.spki,
                url: "https://ct.pinbench.test/b/", state: "usable", monitoringURL: tiledURL),
        ])
        world.folder.write("logs.json", try list.json())
    }

    /// Both logs take the same certificates: today's leaf (final), a renewal with a new key (a precertificate),
    /// and a certificate for another host.
    func logToday() throws {
        for log in [rfcLog, tiledLog] {
            log.log(world.pki.good.leaf.der, chain: [world.pki.intermediate.der, world.pki.root.der])
            try log.logPrecertificate(
                world.pki.rotated.leaf.certificate, issuer: world.pki.intermediate.certificate,
                chain: [world.pki.intermediate.der])
            log.log(world.pki.wrongHost.leaf.der, chain: [world.pki.intermediate.der])
            log.publish()
        }
    }

    func watch(_ extra: [String] = []) async throws -> (status: Int32, lines: [[String: Any]], stderr: String) {
        let result = try await world.run(["watch", "--ct-log-list", "logs.json", "--once", "--json"] + extra)
        let lines = result.stdoutText.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return (result.status, lines, result.stderrText)
    }

    @Test("a renewal with a new key is found in both logs and named as locking out the leaf-pinning releases")
    func findsTheLockout() async throws {
        try await world.shippedReleases()
        try logToday()
        let (status, lines, stderr) = try await watch()
        #expect(status == 1, "\(stderr)")
        let findings = lines.filter { $0["type"] as? String == "finding" }
        // Two certificates for the pinned host in each log; the third names another host.
        #expect(findings.count == 4, "\(lines)")
        for log in ["Lab RFC 6962 log", "Lab tiled log"] {
            let inLog = findings.filter { $0["log"] as? String == log }
            let today = try #require(inLog.first { $0["index"] as? Int == 0 })
            let renewal = try #require(inLog.first { $0["index"] as? Int == 1 })
            #expect(today["lockedOut"] as? [String] == [], "\(log): \(today)")
            #expect(Set(renewal["lockedOut"] as? [String] ?? []) == ["leaf-only", "leaf-cert"], "\(log): \(renewal)")
            #expect(renewal["kind"] as? String == "precertificate")
            let rows = ((renewal["hosts"] as? [[String: Any]])?.first?["releases"] as? [[String: Any]]) ?? []
            let outcomes = Dictionary(
                uniqueKeysWithValues: rows.map { ($0["name"] as! String, $0["outcome"] as! String) })
            #expect(
                outcomes == [
                    "leaf-only": "locked-out", "leaf-cert": "locked-out", "with-backup": "accepted", "lapsed": "lapsed",
                    "report": "report-only", "next": "accepted",
                ], "\(log)")
            // The pins the watch names are the ones openssl computes.
            #expect(
                renewal["spkiSHA256"] as? String == (try OpenSSLCLI.spkiPin(certificatePEM: world.pki.rotated.leaf.pem))
            )
            #expect(
                renewal["issuerSPKISHA256"] as? String
                    == (try OpenSSLCLI.spkiPin(certificatePEM: world.pki.intermediate.pem)))
        }
    }

    @Test("a second run reads nothing again; entries logged since are read once, from where the last run stopped")
    func restartNeitherMissesNorRepeats() async throws {
        try await world.shippedReleases()
        try logToday()
        _ = try await watch()
        let again = try await watch()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.lines.isEmpty, "\(again.lines)")
        for log in [rfcLog, tiledLog] {
            log.log(world.pki.impostor.leaf.der, chain: [world.pki.impostor.intermediates[0].der])
            log.publish()
        }
        let later = try await watch()
        #expect(later.status == 1)
        #expect(later.lines.map { $0["index"] as? Int } == [3, 3], "\(later.lines)")
        // The impostor's CA is pinned by no release: every enforcing release is locked out.
        #expect(Set(later.lines[0]["lockedOut"] as? [String] ?? []) == ["leaf-only", "leaf-cert", "with-backup"])
    }

    @Test("a forked log is reported as misbehaving (exit 3), its position is not moved, the other log is read")
    func forkedLog() async throws {
        try await world.shippedReleases()
        try logToday()
        _ = try await watch()
        let state = try #require(world.folder.read("ct-watch.json"))
        rfcLog.log(world.pki.good.leaf.der, chain: [])
        rfcLog.publish()
        rfcLog.misbehave(.forkAt(1))
        tiledLog.log(world.pki.impostor.leaf.der, chain: [world.pki.impostor.intermediates[0].der])
        tiledLog.publish()
        let (status, lines, _) = try await watch()
        #expect(status == 3)
        let problem = try #require(lines.first { $0["type"] as? String == "misbehaving" })
        #expect(problem["log"] as? String == "Lab RFC 6962 log")
        #expect((problem["detail"] as? String ?? "").contains("consistency"), "\(problem)")
        #expect(lines.contains { $0["log"] as? String == "Lab tiled log" && $0["index"] as? Int == 3 })
        // The forked log's saved position is the one from before; the tiled log's moved on.
        let after = try #require(world.folder.read("ct-watch.json"))
        let rfcID = Data(rfcLog.logID).base64EncodedString()
        func position(_ text: String, _ id: String) -> [String: Any]? {
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            return (object?["logs"] as? [[String: Any]])?.first { $0["log"] as? String == id }
        }
        #expect(position(state, rfcID)?["size"] as? Int == position(after, rfcID)?["size"] as? Int)
        #expect(position(after, Data(tiledLog.logID).base64EncodedString())?["read"] as? Int == 4)
    }

    @Test("a stalled server is unreachable within the deadline (exit 4); a flood is misbehaving (exit 3)")
    func stallAndFlood() async throws {
        try await world.shippedReleases()
        try logToday()
        server.misbehave(.stall)
        let stalled = try await watch(["--timeout", "1"])
        #expect(stalled.status == 4, "\(stalled.stderr)")
        #expect(
            stalled.lines.contains { ($0["detail"] as? String ?? "").contains("within the deadline") },
            "\(stalled.lines)")
        server.misbehave(.hugeBody(300_000))
        let flooded = try await watch()
        #expect(flooded.status == 3)
        #expect(flooded.lines.contains { ($0["detail"] as? String ?? "").contains("more than") }, "\(flooded.lines)")
        // Nothing kept from logs that did not verify (no position, no finding): only each log's trouble, which the
        // workbench's status bar reads.
        let kept = world.folder.read("ct-watch.json").flatMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect((kept?["logs"] as? [Any])?.isEmpty == true && kept?["findings"] == nil, "\(kept ?? [:])")
        let statuses = kept?["status"] as? [[String: Any]] ?? []
        #expect(statuses.count == 2 && statuses.allSatisfy { $0["trouble"] as? String == "misbehaving" }, "\(statuses)")
    }

    @Test("plain http to an address that is not loopback is refused before any connection")
    func plainHTTPElsewhere() async throws {
        let list = CTLogList(logs: [rfcLog.listEntry(description: "far", url: "http://192.0.2.10/log/")])
        world.folder.write("far.json", try list.json())
        let result = try await world.run(["watch", "--ct-log-list", "far.json", "--once"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("loopback address only"), "\(result.stderrText)")
    }

    @Test("a certificate whose issuer's name holds a newline, quotes, --, $(...) and escapes is printed as data")
    func hostileNames() async throws {
        try await world.shippedReleases()
        let hostile = "Evil\n\u{1B}[31mCA \"$(touch pwned)\" -- \u{202E}x"
        let issuer = try CertificateIssuer.intermediate(commonName: hostile, issuer: world.pki.root)
        let leaf = try CertificateIssuer.leaf(commonName: "x", dnsNames: [world.host], issuer: issuer)
        rfcLog.log(leaf.der, chain: [issuer.der, world.pki.root.der])
        rfcLog.publish()
        tiledLog.publish()
        let text = try await world.run(["watch", "--ct-log-list", "logs.json", "--once"])
        #expect(text.status == 1, "\(text.stderrText)")
        #expect(!text.stdout.contains(0x1B) && !text.stdout.contains(0xE2), "raw escape or U+202E in the output")
        #expect(text.stdoutText.contains("\\u{1B}[31mCA"), "\(text.stdoutText)")
        // The newline in the name is shown, not obeyed: no line of output starts with what followed it.
        #expect(!text.stdoutText.split(separator: "\n").contains { $0.hasPrefix("\u{1B}") || $0.hasPrefix("[31m") })
        // Read again from the start, as JSON lines.
        try FileManager.default.removeItem(atPath: world.folder.path("ct-watch.json"))
        let json = try await watch()
        let finding = try #require(json.lines.first { $0["type"] as? String == "finding" })
        // The name comes back whole from the JSON (as the X.509 library writes a DN, RFC 4514 escapes included).
        let issuerName = try #require(finding["issuer"] as? String)
        #expect(issuerName.contains("\u{1B}[31mCA") && issuerName.contains("$(touch pwned)"), "\(finding)")
        #expect(issuerName.contains("\n") && issuerName.contains("\u{202E}x"))
        #expect(world.folder.read("pwned") == nil)
    }

    @Test("the state file is never the manifest, the log list or a FIFO, by any name or link; nothing is written")
    func stateFileIsNotAnInput() async throws {
        try await world.shippedReleases()
        try logToday()
        let manifest = try #require(world.folder.read("pins.json"))
        // The manifest itself named ct-watch.json.
        world.folder.write("ct-watch.json", manifest)
        let same = try await world.run(["watch", "--ct-log-list", "logs.json", "-m", "ct-watch.json", "--once"])
        #expect(same.status == 2 && same.stderrText.contains("manifest"), "\(same.stderrText)")
        #expect(world.folder.read("ct-watch.json") == manifest)
        // A link to the manifest, then a FIFO, where the state goes.
        try FileManager.default.removeItem(atPath: world.folder.path("ct-watch.json"))
        try FileManager.default.createSymbolicLink(
            atPath: world.folder.path("ct-watch.json"), withDestinationPath: "pins.json")
        let linked = try await world.run(["watch", "--ct-log-list", "logs.json", "--once"])
        #expect(linked.status == 2, "\(linked.stderrText)")
        #expect(world.folder.read("pins.json") == manifest)
        try FileManager.default.removeItem(atPath: world.folder.path("ct-watch.json"))
        #expect(mkfifo(world.folder.path("ct-watch.json"), 0o600) == 0)
        let fifo = try await world.run(["watch", "--ct-log-list", "logs.json", "--once"])
        #expect(fifo.status == 2, "\(fifo.stderrText)")
    }

    @Test("two watches at once: each entry is read, the state is whole, a third run has nothing left to read")
    func twoWatchersAtOnce() async throws {
        try await world.shippedReleases()
        try logToday()
        async let first = world.run(["watch", "--ct-log-list", "logs.json", "--once", "--json"])
        async let second = world.run(["watch", "--ct-log-list", "logs.json", "--once", "--json"])
        let results = try await [first, second]
        // A watch that lost the race says so and keeps nothing (4); one that started after the other had kept its
        // positions finds nothing new (0); together they read every entry at least once, so one reports the lockout.
        for result in results { #expect([0, 1, 4].contains(result.status), "\(result.stderrText)") }
        #expect(results.contains { $0.status == 1 }, "\(results.map(\.stderrText))")
        let state = try #require(world.folder.read("ct-watch.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
        let logs = try #require(object["logs"] as? [[String: Any]])
        #expect(logs.count == 2 && logs.allSatisfy { $0["read"] as? Int == 3 }, "\(state)")
        let third = try await watch()
        #expect(third.status == 0 && third.lines.isEmpty, "\(third.lines)")
    }
}
