import Foundation
import LabPKI
import TestSupport
import Testing
import TransparencyLog

@testable import CTWatch

/// What `pinbench watch` prints of a log's round, and where: the command only prints these lines.
@Suite("Watch report of a round")
struct WatchRoundReportTests {
    let log: WatchedLog = {
        let lab = LabLog(origin: "ct.pinbench.test/report")
        let entry = lab.listEntry(description: "Lab Log", url: "http://127.0.0.1/report/")
        return WatchedLog(
            log: entry, endpoint: RFC6962Endpoint(transport: LabLogTransport(log: lab), key: entry.key),
            plainHTTP: true)
    }()

    var finding: CTFinding { WatchReportTests().finding }

    var position: LogPosition {
        LogPosition(
            treeHead: TreeHead(size: 0, root: TreeHash.leaf(Data()), timestampMilliseconds: 1), frontier: .init())
    }

    @Test("text: undecodable entries and progress are notes, findings are the report; progress only at the last word")
    func text() {
        var round = LogRound(log: log, findings: [finding], undecodable: ["entry 3: no"], result: .advanced(position))
        let lines = WatchReport.lines(round, json: false)
        #expect(lines.first == WatchReportLine(.note, "Lab Log: entry 3: no"))
        #expect(Array(lines.dropFirst().dropLast().map(\.text)) == WatchReport.text(finding))
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.kind == .text })
        #expect(lines.last == WatchReportLine(.note, "Lab Log: the log has no entries yet"))
        round.more = true
        #expect(WatchReport.lines(round, json: false).last?.kind == .text)
    }

    @Test("JSON: findings and trouble are JSON lines, progress is not told")
    func json() {
        let advanced = LogRound(log: log, findings: [finding], result: .advanced(position))
        #expect(WatchReport.lines(advanced, json: true) == [WatchReportLine(.json, WatchReport.jsonLine(finding))])
        let down = LogRound(log: log, result: .failed(.unreachable("timed out")))
        #expect(
            WatchReport.lines(down, json: true) == [
                WatchReportLine(
                    .json, WatchReport.jsonLine(log: "Lab Log", problem: "unreachable", detail: "timed out"))
            ])
    }

    @Test("a misbehaving log is an error, an unreachable one a note, a position not kept an error")
    func trouble() {
        let lying = LogRound(log: log, result: .failed(.misbehaving("fork")))
        #expect(
            WatchReport.lines(lying, json: false) == [
                WatchReportLine(.error, "Lab Log is MISBEHAVING: misbehaving: fork; its position is not moved")
            ])
        let down = LogRound(log: log, result: .failed(.unreachable("timed out")))
        #expect(
            WatchReport.lines(down, json: false) == [
                WatchReportLine(.note, "Lab Log: unreachable: timed out; it is tried again next round")
            ])
        let lost = LogRound(log: log, result: .notKept("moved meanwhile"))
        #expect(WatchReport.lines(lost, json: false) == [WatchReportLine(.error, "Lab Log: moved meanwhile")])
    }

    @Test("a log read over plain http is noted once; one over https is not")
    func plainHTTP() {
        #expect(
            WatchReport.plainHTTPNotes([log]) == [
                "note: Lab Log is read over plain http on a loopback address; its data is verified all the same"
            ])
        let https = WatchedLog(log: log.log, endpoint: log.endpoint, plainHTTP: false)
        #expect(WatchReport.plainHTTPNotes([https, log, https]).count == 1)
    }
}
