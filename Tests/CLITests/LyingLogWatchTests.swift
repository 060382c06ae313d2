import DemoLab
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `pinbench watch` against lab CT logs on 127.0.0.1 that lie in ways the tree does not cover or that no log can
/// mean: issuers served beside an entry that never signed it (both APIs: RFC 6962 `extra_data`, a tiled log's
/// issuer fingerprints), tree heads claiming sizes and times no log can hold (signed all the same), a log that
/// answers one entry at a time just inside the request timeout, IP-address names, and `http://` to a name that
/// only looks like loopback.
@Suite("pinbench watch against lying CT logs", .serialized)
struct LyingLogWatchTests {
    let world = ForecastFixture()
    let server: LabHTTPServer
    let rfcLog = LabLog(origin: "ct.pinbench.test/a")
    let tiledLog = LabLog(origin: "ct.pinbench.test/b")
    static let logNames = ["Lab RFC 6962 log", "Lab tiled log"]

    init() throws {
        server = try LabHTTPServer()
        let rfcURL = server.mount(rfcLog, at: "a")
        let tiledURL = server.mount(tiledLog, at: "b")
        let list = CTLogList(logs: [
            rfcLog.listEntry(description: Self.logNames[0], url: rfcURL),
            CTLogList.Log(
                description: Self.logNames[1], operatorName: "PinBench Lab", logID: tiledLog.logID,
                key: tiledLog.spki, url: "https://ct.pinbench.test/b/", state: "usable", monitoringURL: tiledURL),
        ])
        world.folder.write("logs.json", try list.json())
    }

    func watch(_ extra: [String] = []) async throws -> (status: Int32, lines: [[String: Any]], stderr: String) {
        let result = try await world.run(["watch", "--ct-log-list", "logs.json", "--once", "--json"] + extra)
        let lines = result.stdoutText.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return (result.status, lines, result.stderrText)
    }

    /// Each release's outcome in a finding's first host.
    static func outcomes(_ finding: [String: Any]) -> [String: String] {
        let rows = ((finding["hosts"] as? [[String: Any]])?.first?["releases"] as? [[String: Any]]) ?? []
        return Dictionary(
            rows.map { ($0["name"] as? String ?? "?", $0["outcome"] as? String ?? "?") }, uniquingKeysWith: { $1 })
    }

    /// The state file's findings, as the workbench reads them.
    func storedFindings() throws -> [[String: Any]] {
        let text = try #require(world.folder.read("ct-watch.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return object["findings"] as? [[String: Any]] ?? []
    }

    @Test("a leaf from an unpinned CA served with the pinned intermediate and root is not accepted, in both APIs")
    func forgedIssuersOfACertificate() async throws {
        try await world.shippedReleases()
        let impostor = world.pki.impostor.leaf
        for log in [rfcLog, tiledLog] {
            // Today's real chain first (its path is proven whole), then the forged one.
            log.log(world.pki.good.leaf.der, chain: [world.pki.intermediate.der, world.pki.root.der])
            log.log(impostor.der, chain: [world.pki.intermediate.der, world.pki.root.der])
            log.publish()
        }
        let (status, lines, stderr) = try await watch()
        #expect(status == 1, "\(stderr)")
        for name in Self.logNames {
            let inLog = lines.filter { $0["log"] as? String == name }
            let real = try #require(inLog.first { $0["index"] as? Int == 0 }, "\(name): \(lines)")
            #expect(real["pathCut"] is NSNull, "\(name): \(real)")
            #expect(Self.outcomes(real)["with-backup"] == "accepted")
            let forged = try #require(inLog.first { $0["index"] as? Int == 1 }, "\(name): \(lines)")
            // The pinned CA key never signed this leaf: the releases that hold it by that key lock out.
            #expect(Self.outcomes(forged)["with-backup"] == "locked-out", "\(name): \(forged)")
            #expect(Self.outcomes(forged)["next"] == "locked-out", "\(name): \(forged)")
            #expect(Set(forged["lockedOut"] as? [String] ?? []) == ["leaf-only", "leaf-cert", "with-backup"])
            #expect((forged["pathCut"] as? String ?? "").contains("did not sign"), "\(name): \(forged)")
            // The issuer key named is not the forged intermediate's.
            #expect(forged["issuerSPKISHA256"] is NSNull, "\(name): \(forged)")
        }
        // The state file (what the workbench's Transparency view shows) says the same.
        let stored = try storedFindings().filter { $0["index"] as? Int == 1 }
        #expect(stored.count == 2)
        for finding in stored {
            let rows = ((finding["hosts"] as? [[String: Any]])?.first?["releases"] as? [[String: Any]]) ?? []
            #expect(rows.first { $0["name"] as? String == "with-backup" }?["outcome"] as? String == "locked-out")
            #expect(finding["pathCut"] is String, "\(finding)")
        }
    }

    @Test("a precertificate's issuers above its named key count only once each signed the one below, in both APIs")
    func forgedIssuersAboveAPrecertificate() async throws {
        try await world.shippedReleases()
        let impostor = world.pki.impostor
        for log in [rfcLog, tiledLog] {
            // Issued by the impostor's CA (the key the entry names); the pinned intermediate above it is forged.
            try log.logPrecertificate(
                impostor.leaf.certificate, issuer: impostor.intermediates[0].certificate,
                chain: [impostor.intermediates[0].der, world.pki.intermediate.der, world.pki.root.der])
            log.publish()
        }
        let (status, lines, stderr) = try await watch()
        #expect(status == 1, "\(stderr)")
        for name in Self.logNames {
            let finding = try #require(lines.first { $0["log"] as? String == name && $0["index"] as? Int == 0 })
            #expect(finding["kind"] as? String == "precertificate")
            #expect(Self.outcomes(finding)["with-backup"] == "locked-out", "\(name): \(finding)")
            #expect(Self.outcomes(finding)["next"] == "locked-out", "\(name): \(finding)")
            #expect(
                finding["issuerSPKISHA256"] as? String
                    == CertificateDetails(impostor.intermediates[0].certificate).spkiPin)
            #expect((finding["pathCut"] as? String ?? "").contains("did not sign"), "\(name): \(finding)")
        }
    }

    @Test(
        "tree heads claiming 2^64 - 1, 2^48 + 1 entries or a time past 2^63 ms are misbehaving (exit 3), not a crash",
        arguments: [
            LabLogFault.claimedSize(UInt64.max), .claimedSize((1 << 48) + 1), .claimedSize(UInt64.max - 5),
            .claimedTimestamp(1 << 63), .claimedTimestamp(UInt64.max),
        ])
    func impossibleNumbers(_ fault: LabLogFault) async throws {
        try await world.shippedReleases()
        for log in [rfcLog, tiledLog] {
            log.log(world.pki.good.leaf.der, chain: [world.pki.intermediate.der])
            log.publish()
            log.misbehave(fault)
        }
        // From the log's start, and from its latest tree head (where a first run with --from-now starts).
        for extra in [[], ["--from-now"]] {
            let (status, lines, stderr) = try await watch(extra)
            #expect(status == 3, "\(extra): \(stderr)")
            let problems = lines.filter { $0["type"] as? String == "misbehaving" }
            #expect(Set(problems.compactMap { $0["log"] as? String }) == Set(Self.logNames), "\(lines)")
            for problem in problems {
                let detail = problem["detail"] as? String ?? ""
                #expect(
                    detail.contains("more than any log holds") || detail.contains("after the year 9999"), "\(detail)")
            }
        }
        // Nothing of it was kept, and the state file still reads: the logs, behaving again, are read from the start.
        for log in [rfcLog, tiledLog] { log.misbehave(nil) }
        let again = try await watch()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.lines.filter { $0["type"] as? String == "finding" }.count == 2, "\(again.lines)")
    }

    @Test(
        "a log answering one entry at a time, slowly, is cut off at --log-deadline; its progress is kept and the next log is read"
    )
    func slowLogDoesNotHoldTheRound() async throws {
        try await world.shippedReleases()
        // The slow log is on a server of its own, each answer 150 ms late, one entry at a time: 400 entries take a
        // minute.
        let slowServer = try LabHTTPServer()
        let slowLog = LabLog(origin: "ct.pinbench.test/slow")
        let slowURL = slowServer.mount(slowLog, at: "slow")
        for _ in 0..<400 { slowLog.log(world.pki.wrongHost.leaf.der, chain: []) }
        slowLog.log(world.pki.impostor.leaf.der, chain: [world.pki.impostor.intermediates[0].der])
        slowLog.publish()
        slowLog.answerEntries(atMost: 1)
        slowServer.misbehave(.slow(.milliseconds(150)))
        rfcLog.log(world.pki.impostor.leaf.der, chain: [world.pki.impostor.intermediates[0].der])
        rfcLog.publish()
        let list = CTLogList(logs: [
            slowLog.listEntry(description: "Slow log", url: slowURL),
            rfcLog.listEntry(description: "Lab RFC 6962 log", url: server.mount(rfcLog, at: "a")),
        ])
        world.folder.write("slow.json", try list.json())
        let started = Date()
        let result = try await world.run([
            "watch", "--ct-log-list", "slow.json", "--once", "--json", "--log-deadline", "3", "--timeout", "2",
        ])
        let elapsed = Date().timeIntervalSince(started)
        // The fast log's lockout is found (exit 1 outranks the slow log's 4), well before the slow log could finish.
        #expect(result.status == 1, "\(result.stderrText)")
        #expect(elapsed < 25, "the round took \(elapsed) s")
        #expect(result.stdoutText.contains("\"log\":\"Lab RFC 6962 log\""), "\(result.stdoutText)")
        let slowID = Data(slowLog.logID).base64EncodedString()
        func readOfSlowLog() throws -> Int {
            let text = try #require(world.folder.read("ct-watch.json"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let logs = object["logs"] as? [[String: Any]] ?? []
            return logs.first { $0["log"] as? String == slowID }?["read"] as? Int ?? -1
        }
        // Progress kept per verified stretch: part of the slow log, not none and not all.
        let first = try readOfSlowLog()
        #expect(first > 0 && first < 401, "slow log read \(first)")
        // Alone, the slow log is cut off again (exit 4: read in part, never 0) and goes on from where it stopped.
        world.folder.write("slow-only.json", try CTLogList(logs: [list.logs[0]]).json())
        let alone = try await world.run(["watch", "--ct-log-list", "slow-only.json", "--once", "--log-deadline", "2"])
        slowServer.stop()
        #expect(alone.status == 4, "\(alone.stderrText)")
        #expect(alone.stderrText.contains("stopped at its deadline"), "\(alone.stderrText)")
        let second = try readOfSlowLog()
        #expect(second > first && second < 401, "slow log read \(first), then \(second)")
    }

    @Test("a certificate for a pinned IP address from an unpinned CA is a lockout, not an all clear")
    func pinnedIPAddress() async throws {
        let address = "192.0.2.7"
        let pki = world.pki
        world.writeManifest(
            "pins.json",
            DomainPolicy(
                host: address,
                pins: [
                    Pin(type: .spkiSHA256, value: CertificateDetails(pki.good.leaf.certificate).spkiPin),
                    Pin(
                        type: .spkiSHA256, value: CertificateDetails(pki.intermediate.certificate).spkiPin,
                        role: .backup),
                ]))
        let leaf = try CertificateIssuer.leaf(
            commonName: "ip", dnsNames: [], ipAddresses: [address], issuer: pki.impostor.intermediates[0])
        for log in [rfcLog, tiledLog] {
            log.log(leaf.der, chain: [pki.impostor.intermediates[0].der])
            log.publish()
        }
        let (status, lines, stderr) = try await watch()
        #expect(status == 1, "\(stderr)")
        let findings = lines.filter { $0["type"] as? String == "finding" }
        #expect(findings.count == 2, "\(lines)")
        for finding in findings {
            #expect((finding["hosts"] as? [[String: Any]])?.first?["host"] as? String == address)
            #expect(finding["lockedOut"] as? [String] == ["next"], "\(finding)")
        }
    }

    @Test("plain http to a name that starts with 127. is refused before any connection (exit 2)")
    func loopbackLookalike() async throws {
        try await world.shippedReleases()
        for url in ["http://127.attacker.example/log/", "http://127.0.0.1.attacker.example/log/"] {
            let list = CTLogList(logs: [rfcLog.listEntry(description: "lookalike", url: url)])
            world.folder.write("lookalike.json", try list.json())
            let result = try await world.run(["watch", "--ct-log-list", "lookalike.json", "--once"])
            #expect(result.status == 2, "\(url): \(result.stderrText)")
            #expect(result.stderrText.contains("loopback address only"), "\(result.stderrText)")
        }
    }

    @Test("the text report agrees with its verdicts: a lockout of next alone is said, and entries are counted from 0")
    func messagesAgree() async throws {
        try await world.shippedReleases()
        // The working manifest pins a key today's leaf does not have: only next rejects today's certificate.
        let others = try (0..<2).map { _ in
            try CertificateIssuer.leaf(commonName: "x", dnsNames: [world.host], issuer: world.pki.intermediate)
        }
        world.writeManifest(
            "pins.json",
            DomainPolicy(
                host: world.host,
                pins: [
                    Pin(type: .spkiSHA256, value: CertificateDetails(others[0].certificate).spkiPin),
                    Pin(type: .spkiSHA256, value: CertificateDetails(others[1].certificate).spkiPin, role: .backup),
                ]))
        for index in 0..<16 {
            rfcLog.log(
                index == 15 ? world.pki.good.leaf.der : world.pki.wrongHost.leaf.der,
                chain: [world.pki.intermediate.der, world.pki.root.der])
        }
        rfcLog.publish()
        tiledLog.publish()
        let result = try await world.run(["watch", "--ct-log-list", "logs.json", "--once", "--log", rfcLogURL])
        #expect(result.status == 0, "\(result.stderrText)")
        let text = result.stdoutText + result.stderrText
        #expect(text.contains("next LOCKED OUT"), "\(text)")
        #expect(!text.contains("no release that enforces pins would reject it"), "\(text)")
        #expect(text.contains("the working manifest (next) would"), "\(text)")
        #expect(text.contains("read 16 of 16 entries (0 to 15)"), "\(text)")
        #expect(!text.contains("entry 16 of 16"), "\(text)")
    }

    var rfcLogURL: String { "http://127.0.0.1:\(server.port)/a/" }
}
