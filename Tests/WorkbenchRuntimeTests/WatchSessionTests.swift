import CTWatch
import Foundation
import LabPKI
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing
import TransparencyLog
import Workbench
import WorkbenchRuntime

/// The Transparency view in a whole session on real files and a real CT log (the lab's log, answered in memory):
/// a finding written to `ct-watch.json` by another writer (CTWatch's round, as `pinbench watch` in another
/// terminal runs it) appears with no key pressed, and the session's own background rounds find it too. The
/// logged certificate's issuer carries an escape sequence and a newline, which reach the screen only escaped.
@Suite struct WatchSessionTests {
    /// A lab log's answers as a log transport: the same bytes its HTTP server serves.
    struct LabLogTransport: LogTransport {
        let log: LabLog

        func get(_ path: String, maximumBytes: Int) async throws(LogFailure) -> Data {
            let response = log.respond(to: path)
            guard response.status == 200 else { throw .unreachable("\(path): HTTP \(response.status)") }
            return Data(response.body)
        }
    }

    /// A log holding a certificate for the workspace's host with a new key, from a CA with a new key whose name
    /// carries ESC and a newline, and the round that reads it for the workspace's manifest (no releases file: the
    /// manifest is the release judged).
    static func loggedRound(_ workspace: RuntimeWorkspace) throws -> WatchRound {
        let pki = workspace.pki
        let hostileCA = try CertificateIssuer.intermediate(
            commonName: "Evil\u{1B}[31m CA\nInjected", issuer: pki.root)
        let leaf = try CertificateIssuer.leaf(commonName: pki.host, dnsNames: [pki.host], issuer: hostileCA)
        let log = LabLog(origin: "ct.pinbench.test/a")
        log.log(pki.good.leaf.der, chain: [pki.intermediate.der, pki.root.der])
        log.log(leaf.der, chain: [hostileCA.der, pki.root.der])
        log.publish()
        let entry = log.listEntry(description: "Lab RFC 6962 log", url: "http://127.0.0.1/a/")
        let watched = WatchedLog(
            log: entry, endpoint: RFC6962Endpoint(transport: LabLogTransport(log: log), key: entry.key),
            plainHTTP: true)
        let manifest = try ManifestStore.load(workspace.manifestURL).manifest
        return WatchRound(
            logs: [watched], hosts: WatchedHosts(manifests: [manifest]), releases: [], next: manifest,
            store: DocumentFile(WatchState.self, at: WatchState.url(besideManifest: workspace.manifestURL)),
            fromNow: false, budget: 100)
    }

    static func checkHostileTextEscaped(_ screen: String?) {
        guard let screen else {
            Issue.record("the finding never showed")
            return
        }
        #expect(!screen.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" })
        #expect(screen.contains("Evil\\u{1B}[31m CA\\nInjected"))
    }

    @Test("a finding another writer puts in ct-watch.json appears in the open view with no key pressed")
    func findingFromAnotherWriterAppears() async throws {
        let workspace = try RuntimeWorkspace()
        let round = try Self.loggedRound(workspace)
        let script: [ScriptedScreen.Step] = [
            .waitFor("✓ accepted"), .keys("T"), .waitFor("No CT log list configured"),
            .run {
                // As `pinbench watch --once` in another terminal: the same round, writing under the file's lock.
                Task.detached { _ = await round.run { _ in } }
            },
            .waitFor("LOCKS OUT next"), .waitFor("CT: Lab RFC 6962 log advanced just now"), .press([.escape]),
            .keys("q"),
        ]
        let screen = ScriptedScreen(script: script)
        let final = try await workspace.runSession(on: screen)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        Self.checkHostileTextEscaped(screen.seen["LOCKS OUT next"])
        // The good leaf is logged too: accepted, so listed without a lockout; the hostile one is the newest.
        let findings = final.transparency.findings(for: workspace.pki.host)
        #expect(findings.map(\.index) == [1, 0])
        #expect(findings.first?.lockingOut == ["next"])
        // Names in one spelling everywhere: the CT view's issuer as the Certificate pane shows the leaf's issuer.
        let paneIssuer = CertificateDetails(workspace.pki.good.leaf.certificate).issuer
        #expect(findings.last?.issuer == paneIssuer, "\(findings.last?.issuer ?? "") against \(paneIssuer)")
        #expect(paneIssuer.contains(", "))
        let onDisk = try #require(
            try ManifestStore.loadIfPresent(
                WatchState.self, at: WatchState.url(besideManifest: workspace.manifestURL)))
        #expect(onDisk.findings.count == 2)
        #expect(onDisk.positions.values.first?.next == 2)
    }

    @Test("with a watch configured the session runs rounds itself in the background and stops them on quit")
    func backgroundRoundsFindTheCertificate() async throws {
        let workspace = try RuntimeWorkspace()
        let round = try Self.loggedRound(workspace)
        let rounds = RoundCounter()
        let schedule = WatchSchedule(interval: .milliseconds(200), deadline: .seconds(60)) {
            rounds.add()
            _ = await round.run { _ in }
            return nil
        }
        let script: [ScriptedScreen.Step] = [
            .waitFor("✓ accepted"), .keys("T"), .waitFor("LOCKS OUT next"), .press([.escape]), .keys("q"),
        ]
        let screen = ScriptedScreen(script: script)
        _ = try await workspace.runSession(on: screen, watch: schedule)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        Self.checkHostileTextEscaped(screen.seen["LOCKS OUT next"])
        let atQuit = rounds.count
        #expect(atQuit >= 1)
        // Cancelled on quit: no round starts after the session ended (a few intervals later).
        try await Task.sleep(for: .seconds(1))
        #expect(rounds.count == atQuit, "rounds went on after quit: \(atQuit) then \(rounds.count)")
    }

    @Test("a round that cannot run is said on the status bar and in the view, and no longer once one runs")
    func aSkippedRoundIsSaid() async throws {
        let workspace = try RuntimeWorkspace()
        let round = try Self.loggedRound(workspace)
        let rounds = RoundCounter()
        // The rounds after the first wait until the script has seen the skipped one said (on a loaded machine a
        // round could otherwise run, and clear it, before the screen was looked at).
        let skippedSeen = SkippedSeen()
        let schedule = WatchSchedule(interval: .milliseconds(200), deadline: .seconds(240)) {
            rounds.add()
            // The first round cannot read the releases file; the script lets the next ones run.
            if rounds.count == 1 { return "releases.json:2:5: not a list\u{1B}[2J" }
            while !skippedSeen.isSet { try? await Task.sleep(for: .milliseconds(20)) }
            _ = await round.run { _ in }
            return nil
        }
        let script: [ScriptedScreen.Step] = [
            .waitFor("CT: round skipped"), .keys("T"), .waitFor("did not run: releases.json:2:5"),
            .run { skippedSeen.set() }, .waitFor("CT: Lab RFC 6962 log advanced"), .press([.escape]), .keys("q"),
        ]
        let screen = ScriptedScreen(script: script)
        let final = try await workspace.runSession(on: screen, watch: schedule)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        #expect(screen.seen["did not run: releases.json:2:5"]?.contains("not a list\\u{1B}[2J") == true)
        // The status bar names the log only once no round is said to be skipped: the view has cleared it too.
        let after = screen.seen["CT: Lab RFC 6962 log advanced"] ?? ""
        #expect(!after.contains("did not run"), "cleared by the round that ran")
        #expect(after.contains("LOCKS OUT next"))
        // The message log keeps why, once, escaped.
        let logged = final.chrome.messageLog.entries.map(\.message).filter { $0.text.hasPrefix("CT round skipped") }
        #expect(logged.count == 1 && logged.first?.level == .warning, "\(logged)")
        #expect(logged.first?.text.contains("not a list\\u{1B}[2J") == true, "\(logged)")
    }
}

/// How many rounds started, counted from the rounds' task.
final class RoundCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var started = 0

    func add() {
        lock.lock()
        started += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return started
    }
}

/// A flag the script sets and the watch's rounds read, from different threads.
private final class SkippedSeen: @unchecked Sendable {
    // @unchecked: `value` is read and written only under `lock`.
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
