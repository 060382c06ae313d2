import CTWatch
import Foundation
import LabPKI
import ManifestFiles
import PinningCore
import TestSupport
import Testing
import TransparencyLog
import Workbench
import WorkbenchRuntime

/// The workbench runs the watch's own rounds: a log whose signed tree head claims 2^64 - 1 entries crashed them, and
/// the session with them, taking the user's unsaved pins. Now it is a log misbehaving, said on the status bar, and
/// the session goes on with the edit still unsaved.
@Suite struct WatchLyingLogSessionTests {
    @Test(
        "a log claiming 2^64 - 1 entries shows as MISBEHAVING in the Transparency view; the unsaved pin is still there")
    func hugeTreeSizeKeepsTheSession() async throws {
        let workspace = try RuntimeWorkspace()
        let pki = workspace.pki
        let log = LabLog(origin: "ct.pinbench.test/huge")
        log.log(pki.good.leaf.der, chain: [pki.intermediate.der, pki.root.der])
        log.publish()
        log.misbehave(.claimedSize(UInt64.max))
        let entry = log.listEntry(description: "Lab RFC 6962 log", url: "http://127.0.0.1/a/")
        let watched = WatchedLog(
            log: entry,
            endpoint: RFC6962Endpoint(transport: WatchSessionTests.LabLogTransport(log: log), key: entry.key),
            plainHTTP: true)
        let manifest = try ManifestStore.load(workspace.manifestURL).manifest
        for fromNow in [false, true] {
            let round = WatchRound(
                logs: [watched], hosts: WatchedHosts(manifests: [manifest]), releases: [], next: manifest,
                store: DocumentFile(WatchState.self, at: WatchState.url(besideManifest: workspace.manifestURL)),
                fromNow: fromNow, budget: 100)
            let schedule = WatchSchedule(interval: .milliseconds(200), deadline: .seconds(60)) {
                _ = await round.run { _ in }
                return nil
            }
            let script: [ScriptedScreen.Step] = [
                .waitFor("✓ accepted"), .keys("2", "G", "p"), .waitFor("pinned spki-sha256"),
                .keys("T"), .waitFor("Lab RFC 6962 log MISBEHAVING"),
                .press([.escape]), .keys("q"), .waitFor("Unsaved changes"), .keys("y"),
            ]
            // The default patience: under the whole suite the first fetch alone was seen to take over a minute.
            let screen = ScriptedScreen(script: script)
            let final = try await workspace.runSession(on: screen, watch: schedule)
            #expect(screen.failure == nil, "from now \(fromNow): \(screen.failure ?? "")")
            // Still running, with the pin, until the user quit without saving.
            #expect(final.editing.isDirty, "the pin is still unsaved")
            let state = try #require(
                try ManifestStore.loadIfPresent(
                    WatchState.self, at: WatchState.url(besideManifest: workspace.manifestURL)))
            #expect(state.positions.isEmpty)
            #expect(state.status.values.first?.trouble?.isMisbehaviour == true)
        }
    }
}
