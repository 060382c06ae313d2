import Foundation
import PinForecast
import PinningCore
import TestSupport
import Testing
import TransparencyLog

@testable import CTWatch

/// What the watch writes to `ct-watch.json`, its reader reads back, up to the largest state the bounds allow: a
/// certificate with thousands of names, findings that would have made a file the reader refuses, times and sizes at
/// their limits, texts that grow when escaped.
@Suite("CT watch: the state file at its bounds")
struct WatchStateBoundsTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func hash(_ seed: Int) -> TreeHash { TreeHash.leaf(Array("\(seed)".utf8)) }

    /// Text of `bytes` UTF-8 bytes that the JSON writer escapes (quotes, backslashes, controls): the most it grows.
    static func hostile(_ bytes: Int, _ seed: Int) -> String {
        let unit = "\"\\\u{1B}\u{7}"
        var text = "\(seed)"
        while text.utf8.count + unit.utf8.count <= bytes { text += unit }
        return text
    }

    /// A finding for a certificate naming `hosts`, judged by `releases` releases and next: each host locked out by
    /// one release of its own (so every host carries a lockout), the rest accepting.
    static func finding(index: UInt64, hosts: [String], releases: Int, releaseName: (Int) -> String) -> CTFinding {
        let verdicts = hosts.enumerated().map { offset, host in
            WatchVerdict(
                host: host,
                rows: (0...releases).map { release in
                    let shipped = release < releases
                    let cell: ForecastCell =
                        release == offset % max(1, releases) ? .lockedOut : .accepted(role: .backup, level: 1)
                    return WatchVerdict.Row(
                        release: shipped ? releaseName(release) : "next", share: shipped ? 0.125 : nil,
                        shipped: shipped, cell: cell)
                })
        }
        return CTFinding(
            log: hostile(2000, Int(index)), index: index, kind: .certificate, serial: hostile(2000, 1),
            issuer: hostile(5000, 2), notBefore: now, notAfter: now.addingTimeInterval(86_400), names: hosts,
            spkiPin: String(repeating: "A", count: 43) + "=", issuerSPKIPin: nil, verdicts: verdicts,
            pathCut: hostile(5000, 3), found: now.addingTimeInterval(Double(index)))
    }

    /// Written, read, written again, off the cooperative pool (a large state takes seconds to encode, and the
    /// round tests beside these measure time on that pool).
    static func roundTrip(_ state: WatchState) async throws -> (data: Data, read: WatchState) {
        let (data, read, again) = try await OffPoolThread.run {
            let data = state.encoded()
            let read = try WatchState.decode(data, path: "ct-watch.json")
            return (data, read, read.encoded())
        }
        #expect(data.count <= ManifestCodec.maximumSize, "\(data.count) bytes written")
        // Written again, the state read back is the same file: nothing lost in a second round trip.
        #expect(again == data)
        return (data, read)
    }

    @Test("a certificate with 5,001 pinned names is kept within the bounds, its lockouts still named")
    func fiveThousandNames() async throws {
        let hosts = (0..<5001).map { "h\($0).pinned.example" }
        let big = Self.finding(index: 7, hosts: hosts, releases: 5) { "r\($0)" }
        let (_, read) = try await Self.roundTrip(WatchState(findings: [big]))
        let kept = try #require(read.findings.first)
        #expect(kept.names.count == CTFinding.maximumNames)
        #expect(kept.namesLeftOut == 5001 - CTFinding.maximumNames)
        #expect(kept.verdicts.count + kept.hostsLeftOut == 5001)
        #expect(kept.verdicts.count <= CTFinding.maximumHosts)
        // Every release the whole finding locks out is still named by what was kept.
        #expect(Set(kept.lockingOut) == Set(big.lockingOut))
    }

    @Test("14 certificates of 1,000 names under 40 releases (121 MB before) are kept, and the file reads back")
    func manyLargeFindings() async throws {
        let findings = (0..<14).map { index in
            Self.finding(
                index: UInt64(index), hosts: (0..<1000).map { "n\($0).c\(index).pinned.example" }, releases: 40
            ) { "release-\($0)" }
        }
        let (_, read) = try await Self.roundTrip(WatchState(findings: findings))
        #expect(read.findings.count == 14)
        for finding in read.findings {
            #expect(finding.verdicts.reduce(0) { $0 + $1.rows.count } <= CTFinding.maximumCells)
        }
    }

    @Test("the largest state the bounds allow is written within the reader's limits and reads back")
    func largestState() async throws {
        // 1,024 logs at the largest size (a frontier of 48 hashes), the latest timestamp; statuses with the longest
        // texts; 100 findings each with 2 hosts of 1,001 rows (one kept) named with 256 characters that escape, 200 names.
        var positions: [String: LogPosition] = [:]
        var status: [String: LogStatus] = [:]
        let size = TreeHead.maximumSize - 1
        for log in 0..<1024 {
            let id = Data(Self.hash(log).bytes).base64EncodedString()
            let frontier = try MerkleFrontier(
                size: size, subtrees: (0..<size.nonzeroBitCount).map { Self.hash(log * 100 + $0) })
            positions[id] = LogPosition(
                treeHead: TreeHead(
                    size: TreeHead.maximumSize, root: Self.hash(log),
                    timestampMilliseconds: TreeHead.maximumTimestamp),
                frontier: frontier)
            status[id] = LogStatus(
                name: Self.hostile(10_000, log), checked: Self.now, advanced: Self.now,
                trouble: .misbehaving(Self.hostile(100_000, log)))
        }
        let releaseName = { (release: Int) in
            String(repeating: "\u{1}", count: 200) + String(format: "%056d", release)
        }
        let names = (0..<300).map { String(repeating: "n", count: 300) + "\($0)" }
        let findings = (0..<WatchState.maximumFindings).map { index in
            let finding = Self.finding(
                index: UInt64(index), hosts: [Self.hostile(300, index), "b\(index).example"],
                releases: ReleaseList.maximumCount, releaseName: releaseName)
            return CTFinding(
                log: finding.log, index: finding.index, kind: finding.kind, serial: finding.serial,
                issuer: finding.issuer, notBefore: finding.notBefore, notAfter: finding.notAfter, names: names,
                spkiPin: finding.spkiPin, issuerSPKIPin: finding.spkiPin, verdicts: finding.verdicts,
                pathCut: finding.pathCut, found: finding.found)
        }
        let state = WatchState(positions: positions, findings: findings, status: status)
        let (data, read) = try await Self.roundTrip(state)
        #expect(data.count > 32 << 20, "only \(data.count) bytes: not the largest state")
        #expect(read.positions == state.positions)
        #expect(Set(read.status.keys) == Set(state.status.keys))
        // The newest findings are the ones kept, in order, each within its bounds.
        #expect(!read.findings.isEmpty)
        #expect(read.findings.map(\.index) == Array(state.findings.map(\.index).prefix(read.findings.count)))
        // Each kept within its bounds: one host of 1,001 rows fills a finding's verdicts; the other is counted.
        for finding in read.findings {
            #expect(finding.names.count == CTFinding.maximumNames && finding.verdicts.count == 1)
            #expect(finding.hostsLeftOut == 1 && finding.namesLeftOut == 100)
        }
    }

    @Test(
        "a tree head timestamp at the latest a log can sign round-trips; one past it (as 2^63 was written) is refused")
    func timestamps() async throws {
        let id = Data(Self.hash(1).bytes).base64EncodedString()
        let head = TreeHead(size: 3, root: Self.hash(2), timestampMilliseconds: TreeHead.maximumTimestamp)
        var frontier = MerkleFrontier()
        for seed in 0..<3 { frontier.append(Self.hash(seed)) }
        let state = WatchState(positions: [id: LogPosition(treeHead: head, frontier: frontier)])
        let (data, read) = try await Self.roundTrip(state)
        #expect(read.positions[id]?.treeHead == head)
        let text = String(decoding: data, as: UTF8.self)
        for lying in ["9223372036854775808", "253402300800000", "-1"] {
            let edited = text.replacingOccurrences(of: "\(TreeHead.maximumTimestamp)", with: lying)
            #expect(throws: ManifestError.self, "\(lying)") {
                try WatchState.decode(Data(edited.utf8), path: "ct-watch.json")
            }
        }
        let huge = text.replacingOccurrences(of: "\"size\": 3", with: "\"size\": 281474976710657")
        #expect(throws: ManifestError.self) { try WatchState.decode(Data(huge.utf8), path: "ct-watch.json") }
    }

    @Test("get-sth and checkpoints claiming sizes or times no log can hold are refused before any arithmetic")
    func impossibleTreeHeads() throws {
        let root = Self.hash(0).base64
        for (size, timestamp) in [
            ("18446744073709551615", "1"), ("281474976710657", "1"), ("5", "9223372036854775808"),
        ] {
            let json =
                #"{"tree_size": \#(size), "timestamp": \#(timestamp), "sha256_root_hash": "\#(root)", "tree_head_signature": "BAMAAA=="}"#
            #expect(throws: TreeHeadError.self, "\(size) \(timestamp)") { try SignedTreeHead(json: Data(json.utf8)) }
        }
        let checkpoint = "log.example\n18446744073709551615\n\(root)\n\n\u{2014} log.example AAAAAAAA\n"
        #expect(throws: TreeHeadError.self) { try Checkpoint(text: Data(checkpoint.utf8)) }
    }
}
