import Foundation
import LabPKI
import ManifestFiles
import PinningCore
import TestSupport
import Testing
import TransparencyLog

@testable import CTWatch

/// The round `pinbench watch` and the workbench both run, over lab logs in memory: a log whose tree head claims
/// 2^64 - 1 entries is misbehaving (no trap: in the workbench a trap would take the user's unsaved edits with it), and
/// a slow log gets its share of the round's time and no more, so the next log is read.
@Suite("CT watch: a round against slow and lying logs")
struct WatchRoundDeadlineTests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    /// A lab log in memory whose every answer comes `delay` late.
    struct SlowTransport: LogTransport {
        let log: LabLog
        let delay: Duration

        func get(_ path: String, maximumBytes: Int) async throws(LogFailure) -> Data {
            try? await Task.sleep(for: delay)
            return try await LabLogTransport(log: log).get(path, maximumBytes: maximumBytes)
        }
    }

    func watched(_ log: LabLog, _ name: String, delay: Duration = .zero) -> WatchedLog {
        let entry = log.listEntry(description: name, url: "http://127.0.0.1/\(name)/")
        return WatchedLog(
            log: entry,
            endpoint: RFC6962Endpoint(
                transport: SlowTransport(log: log, delay: delay), key: entry.key, maximumBatch: 1),
            plainHTTP: true)
    }

    func round(_ logs: [WatchedLog], deadlines: WatchRound.Deadlines = .none) throws -> WatchRound {
        let manifest = PinManifest(domains: [
            DomainPolicy(
                host: pki.host,
                pins: [
                    Pin(type: .spkiSHA256, value: CertificateDetails(pki.good.leaf.certificate).spkiPin),
                    Pin(type: .spkiSHA256, value: CertificateDetails(pki.intermediate.certificate).spkiPin),
                ])
        ])
        return WatchRound(
            logs: logs, hosts: WatchedHosts(manifests: [manifest]), releases: [], next: manifest,
            store: DocumentFile(WatchState.self, at: folder.url.appendingPathComponent(WatchState.fileName)),
            fromNow: false, budget: 10_000,
            deadlines: deadlines)
    }

    func state() throws -> WatchState {
        try #require(
            try ManifestStore.loadIfPresent(WatchState.self, at: folder.url.appendingPathComponent("ct-watch.json")))
    }

    @Test("a tree head of 2^64 - 1 entries, from the start or from the log's head, is misbehaving (3), noted, kept out")
    func hugeTreeSize() async throws {
        let log = LabLog(origin: "ct.pinbench.test/huge")
        log.log(pki.good.leaf.der, chain: [pki.intermediate.der])
        log.publish()
        log.misbehave(.claimedSize(UInt64.max))
        for fromNow in [false, true] {
            var round = try round([watched(log, "huge")])
            round = WatchRound(
                logs: round.logs, hosts: round.hosts, releases: [], next: round.next, store: round.store,
                fromNow: fromNow, budget: 10_000)
            let outcome = await round.run { _ in }
            #expect(outcome.exitStatus == 3)
            let state = try state()
            #expect(state.positions.isEmpty)
            #expect(state.status.values.first?.trouble?.isMisbehaviour == true)
        }
    }

    @Test("a log answering one entry at a time is cut off at its deadline; the next log is read whole")
    func slowLogIsCutOff() async throws {
        let slow = LabLog(origin: "ct.pinbench.test/slow")
        for _ in 0..<400 { slow.log(pki.wrongHost.leaf.der, chain: []) }
        slow.publish()
        let fast = LabLog(origin: "ct.pinbench.test/fast")
        fast.log(pki.impostor.leaf.der, chain: [pki.impostor.intermediates[0].der])
        fast.publish()
        let round = try round(
            [watched(slow, "slow", delay: .milliseconds(50)), watched(fast, "fast")],
            deadlines: WatchRound.Deadlines(perLog: .seconds(1), round: .seconds(60)))
        var reports: [LogRound] = []
        let outcome = await round.run { reports.append($0) }
        // Judged by what was read, not by the clock: under the whole suite a starved pool stretches every request,
        // so a wall-clock bound says nothing. Without the deadline all 400 entries (20 s of answers) are read.
        #expect(outcome.lockout && outcome.unread && outcome.exitStatus == 1)
        let slowLast = try #require(reports.last { $0.log.name == "slow" })
        #expect(slowLast.cutOff && !slowLast.more)
        let state = try state()
        let slowRead = state.positions[watched(slow, "slow").id]?.next ?? 0
        #expect(slowRead > 0 && slowRead < 400, "\(slowRead)")
        #expect(state.positions[watched(fast, "fast").id]?.caughtUp == true)
        #expect(reports.contains { $0.log.name == "fast" && $0.findings.count == 1 })
    }

    @Test("each log gets at most its share of what is left of the round")
    func shares() async throws {
        let slow = LabLog(origin: "ct.pinbench.test/slow")
        for _ in 0..<400 { slow.log(pki.wrongHost.leaf.der, chain: []) }
        slow.publish()
        let round = try round(
            [watched(slow, "slow", delay: .milliseconds(50)), watched(slow, "slow too", delay: .milliseconds(50))],
            deadlines: WatchRound.Deadlines(perLog: .seconds(60), round: .seconds(2)))
        var reports: [LogRound] = []
        _ = await round.run { reports.append($0) }
        // Each would take 20 s alone and has 60 s of its own; the round's 2 s are shared, so both are cut off with
        // most of their entries unread (judged by what was read, not by the clock, as above).
        #expect(reports.filter { !$0.more && $0.cutOff }.count == 2)
        let read = try state().positions.values.map(\.next)
        #expect(!read.isEmpty && read.allSatisfy { $0 < 400 }, "\(read)")
    }
}
