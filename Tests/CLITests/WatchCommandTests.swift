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
        #expect(world.folder.read("ct-watch.json") == nil, "nothing kept from logs that did not verify")
    }

    @Test("plain http to an address that is not loopback is refused before any connection")
    func plainHTTPElsewhere() async throws {
        let list = CTLogList(logs: [rfcLog.listEntry(description: "far", url: "http://192.0.2.10/log/")])
        world.folder.write("far.json", try list.json())
        let result = try await world.run(["watch", "--ct-log-list", "far.json", "--once"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("loopback address only"), "\(result.stderrText)")
    }
}
