import Foundation
import PinForecast
import PinningCore
import Testing
import TransparencyLog

@testable import CTWatch

/// A finding as people read it and as alerting reads it: certificate text stays data in both (escaped in JSON,
/// read back whole), and a log's progress counts entries from 0.
@Suite("Watch report")
struct WatchReportTests {
    let finding = CTFinding(
        log: "Lab Log \"A\"", index: 41, kind: .precertificate, serial: "0A:1B", issuer: "CN=Lab CA\nO=evil",
        notBefore: Date(timeIntervalSince1970: 1_800_000_000), notAfter: Date(timeIntervalSince1970: 1_810_000_000),
        names: ["api.example.com", "*.example.com"], spkiPin: "pin=", issuerSPKIPin: nil,
        verdicts: [
            WatchVerdict(
                host: "api.example.com",
                rows: [
                    .init(release: "4.1", share: 38, shipped: true, cell: .lockedOut),
                    .init(release: "next", share: nil, shipped: false, cell: .notPinned),
                ])
        ],
        found: Date(timeIntervalSince1970: 1_800_000_000))

    @Test("the text names the entry, the verdict of each release, and the releases it locks out")
    func text() {
        let lines = WatchReport.text(finding)
        #expect(lines[0] == "Lab Log \"A\" entry 41 (precertificate): api.example.com, *.example.com")
        #expect(lines.contains("  api.example.com: 4.1 LOCKED OUT, next not-pinned"))
        #expect(lines.last?.hasPrefix("  LOCKS OUT 4.1: ") == true)
    }

    @Test("the JSON line is one object on one line that reads back with every string whole")
    func jsonLine() throws {
        let line = WatchReport.jsonLine(finding)
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "finding" && object["log"] as? String == "Lab Log \"A\"")
        #expect(object["issuer"] as? String == "CN=Lab CA\nO=evil")
        #expect(object["lockedOut"] as? [String] == ["4.1"])
        #expect(object["issuerSPKISHA256"] is NSNull)
        let problem = WatchReport.jsonLine(log: "L\u{1B}", problem: "misbehaving", detail: "fork\n")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(problem.utf8)) as? [String: String])
        #expect(read == ["type": "misbehaving", "log": "L\u{1B}", "detail": "fork\n"])
    }

    @Test("progress counts entries from 0, and says when the log's deadline cut the round")
    func progress() throws {
        let root = TreeHash.leaf(Data())
        let empty = LogPosition(treeHead: TreeHead(size: 0, root: root, timestampMilliseconds: 1), frontier: .init())
        #expect(WatchReport.progress(empty, cutOff: false) == "the log has no entries yet")
        let head = TreeHead(size: 16, root: root, timestampMilliseconds: 1)
        #expect(
            WatchReport.progress(LogPosition(treeHead: head, frontier: .init()), cutOff: false)
                == "read none of 16 entries")
        let all = LogPosition(treeHead: head, frontier: try MerkleFrontier(size: 16, subtrees: [root]))
        #expect(
            WatchReport.progress(all, cutOff: true)
                == "read 16 of 16 entries (0 to 15); stopped at its deadline, the rest is read next round")
    }
}
