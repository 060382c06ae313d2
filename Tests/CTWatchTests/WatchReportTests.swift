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

    @Test("a release from a build is marked where it holds pins found only by a code pattern; the mark is stored")
    func codePatternMark() throws {
        let key = Data(repeating: 7, count: 32).base64EncodedString()
        let code = Data(repeating: 9, count: 32).base64EncodedString()
        let declared = [ReleaseBuild.Place(entry: "res/xml/network_security_config.xml", certainty: .declared)]
        let dex = [ReleaseBuild.Place(entry: "classes.dex", offset: 40, certainty: .codePattern)]
        let build = ReleaseBuild(
            artifact: "app.apk", sha256: String(repeating: "ab", count: 32), platform: "android", version: "4.1",
            domains: [
                ReleaseBuild.Domain(
                    host: "api.example.com",
                    pins: [
                        .init(pin: Pin(type: .spkiSHA256, value: key), found: declared),
                        .init(pin: Pin(type: .spkiSHA256, value: code), found: dex),
                    ])
            ])
        let releases = [
            Release(name: "4.1", share: 38, manifest: build.manifest, build: build),
            Release(name: "4.0", share: 10, manifest: build.manifest),
        ]
        let path = PathPins(levels: [.init(spki: key, certificate: nil)])
        let verdict = WatchVerdict(
            host: "api.example.com", path: path, releases: releases, next: nil, at: Date(timeIntervalSince1970: 0))
        #expect(verdict.rows.map(\.codePatternPins) == [1, 0])
        let marked = CTFinding(
            log: finding.log, index: 42, kind: .certificate, serial: "01", issuer: "CN=Lab CA",
            notBefore: finding.notBefore, notAfter: finding.notAfter, names: ["api.example.com"], spkiPin: key,
            issuerSPKIPin: nil, verdicts: [verdict], found: finding.found)
        let lines = WatchReport.text(marked)
        #expect(
            lines.contains(
                "  api.example.com: 4.1 accepted (found only by a code pattern: 1 pin), 4.0 accepted"), "\(lines)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(WatchReport.jsonLine(marked).utf8)) as? [String: Any])
        let rows = try #require((object["hosts"] as? [[String: Any]])?.first?["releases"] as? [[String: Any]])
        #expect(rows.map { $0["codePatternPins"] as? Int } == [1, 0])
        // Kept in the state file and read back: a later round prints the same mark.
        let state = WatchState(findings: [marked])
        let read = try WatchState.decode(state.encoded(), path: "ct-watch.json")
        #expect(read.findings.first.map(WatchReport.text) == lines)
        // The forecast's mark and the watch's are one helper's words.
        let mark = ReleaseBuild.codePatternMark(["spki-sha256:" + code])
        #expect(mark == "found only by a code pattern: spki-sha256:" + code)
        #expect(ReleaseBuild.codePatternMark([]) == nil)
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
