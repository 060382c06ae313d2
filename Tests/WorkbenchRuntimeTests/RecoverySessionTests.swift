import Foundation
import LabPKI
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing
import Workbench
import WorkbenchRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// The recovery file on real files: written as an unsaved edit happens, left by a termination signal, offered at
/// the next start (recover, discard, keep for later), removed by a write or a clean quit; a corrupt or hostile one
/// is named and never used.
@Suite("recovery files: unsaved edits kept beside the manifest")
struct RecoverySessionTests {
    let pki = TestPKI.shared

    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    func text(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Pins the chain's root key (unsaved), notes what the recovery file holds, then ends as by `signal`.
    func editThenSignal(_ workspace: RuntimeWorkspace, _ signal: Int32, seen: Box) -> [ScriptedScreen.Step] {
        let path = workspace.recoveryPath
        return [
            .waitFor("✓ accepted"), .keys("2", "G", "p"), .waitFor("pinned spki-sha256"),
            .run { seen.value = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" },
            .signal(signal),
        ]
    }

    @Test("an unsaved edit is in the recovery file at once; SIGHUP leaves it; the next start recovers it")
    func recoverAfterHangUp() async throws {
        let workspace = try RuntimeWorkspace()
        let rootPin = try await OffPoolThread.run { [pki] in try OpenSSLCLI.spkiPin(certificatePEM: pki.root.pem) }
        let seen = Box()
        let first = ScriptedScreen(script: editThenSignal(workspace, SIGHUP, seen: seen))
        _ = try await workspace.runSession(on: first)
        #expect(first.failure == nil, "\(first.failure ?? "")")
        #expect(seen.value.contains(rootPin), "the recovery file as the edit was made: \(seen.value)")
        // Read back by the manifest's own reader: what the writer wrote, its reader reads.
        let kept = try ManifestStore.load(URL(fileURLWithPath: workspace.recoveryPath)).manifest
        #expect(kept.policy(for: pki.host)?.pins.contains { $0.value == rootPin } == true)
        #expect(!text(workspace.manifestURL.path).contains(rootPin))

        let second = ScriptedScreen(script: [
            .waitFor("Unsaved edits of pins.json found"), .keys("r"), .waitFor("recovered the unsaved edits"),
            .signal(SIGTERM),
        ])
        let state = try await workspace.runSession(on: second)
        #expect(second.failure == nil, "\(second.failure ?? "")")
        let offer = second.seen["Unsaved edits of pins.json found"] ?? ""
        #expect(offer.contains("1 domain changed"), "\(offer)")
        #expect(offer.contains(String(rootPin.prefix(16))), "the diff names the recovered pin: \(offer)")
        #expect(state.editing.isDirty)
        #expect(state.manifest.policy(for: pki.host)?.pins.contains { $0.value == rootPin } == true)
        // Still unsaved after SIGTERM: the file is still there, holding the recovered edit.
        #expect(text(workspace.recoveryPath).contains(rootPin))
    }

    @Test("a write removes the recovery file, and so does quitting without saving")
    func writeAndQuitRemoveIt() async throws {
        let workspace = try RuntimeWorkspace()
        let path = workspace.recoveryPath
        let during = Box()
        let afterWrite = Box()
        let screen = ScriptedScreen(script: [
            .waitFor("✓ accepted"), .keys("2", "G", "p"), .waitFor("pinned spki-sha256"),
            .run { during.value = exists(path) ? "there" : "absent" },
            .keys("w"), .waitFor("Write pins.json?"),
            .pressFor { $0.contains("! write anyway") ? [.character("!")] : [.character("y")] },
            .waitFor("wrote "), .run { afterWrite.value = exists(path) ? "there" : "absent" },
            .keys("u"), .waitFor("● unsaved"), .run { during.value += exists(path) ? " there" : " absent" },
            .keys("q"), .pressFor { $0.contains("Unsaved changes") ? [.character("y")] : [] },
        ])
        _ = try await workspace.runSession(on: screen)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        #expect(during.value == "there there")
        #expect(afterWrite.value == "absent")
        #expect(!exists(path), "quitting without saving discards the edits and their recovery file")
    }

    @Test("discard removes the file; keep for later leaves it and the session's own edits go to the next name")
    func discardAndKeep() async throws {
        let workspace = try RuntimeWorkspace()
        let seen = Box()
        _ = try await workspace.runSession(on: ScriptedScreen(script: editThenSignal(workspace, SIGTERM, seen: seen)))
        let kept = text(workspace.recoveryPath)
        #expect(!kept.isEmpty)

        let keep = ScriptedScreen(script: [
            .waitFor("Unsaved edits of pins.json found"), .keys("k"), .waitFor("kept "),
            .keys("1", "a"), .type("second.pinbench.test"), .press([.enter]), .waitFor("second.pinbench.test"),
            .signal(SIGTERM),
        ])
        let state = try await workspace.runSession(on: keep)
        #expect(keep.failure == nil, "\(keep.failure ?? "")")
        #expect(state.manifest.policy(for: "second.pinbench.test") != nil)
        #expect(text(workspace.recoveryPath) == kept, "the kept file is left exactly as it was")
        let own = workspace.folder.path(".pins.json.pinbench-recovery.2")
        #expect(text(own).contains("second.pinbench.test"), "this session's edits: \(text(own))")

        let discard = ScriptedScreen(script: [
            .waitFor("Unsaved edits of pins.json found"), .keys("d"),
            .waitFor("second.pinbench.test"), .keys("d"), .waitFor("discarded the unsaved edits"), .keys("q"),
        ])
        let clean = try await workspace.runSession(on: discard)
        #expect(discard.failure == nil, "\(discard.failure ?? "")")
        #expect(!clean.editing.isDirty)
        #expect(!exists(workspace.recoveryPath) && !exists(own))
    }

    @Test("corrupt, FIFO and linked recovery files are named and never used or written over")
    func hostileRecoveryFiles() async throws {
        let workspace = try RuntimeWorkspace()
        let corrupt = #"{"schema": 1, "domains": [{"host": "evil.pinbench.test", "host": "x"}]}"#
        workspace.folder.write(".pins.json.pinbench-recovery", corrupt)
        #expect(mkfifo(workspace.folder.path(".pins.json.pinbench-recovery.2"), 0o600) == 0)
        workspace.folder.write("victim.txt", "do not touch")
        #expect(
            symlink(workspace.folder.path("victim.txt"), workspace.folder.path(".pins.json.pinbench-recovery.3")) == 0)

        let screen = ScriptedScreen(script: [
            .waitFor("✓ accepted"), .keys("2", "G", "p"), .waitFor("pinned spki-sha256"), .signal(SIGTERM),
        ])
        let state = try await workspace.runSession(on: screen)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        let log = state.chrome.messageLog.entries.map(\.message)
        let refused = log.filter { $0.isError && $0.text.contains("cannot be used") }
        #expect(refused.count == 3, "\(log)")
        #expect(refused.contains { $0.text.contains("symbolic link") }, "\(log)")
        #expect(refused.contains { $0.text.contains("not a regular file") }, "\(log)")
        #expect(state.manifest.policy(for: "evil.pinbench.test") == nil, "never used")
        #expect(text(workspace.recoveryPath) == corrupt, "left as it is")
        #expect(text(workspace.folder.path("victim.txt")) == "do not touch")
        // The session's own edit went to the first free name.
        #expect(text(workspace.folder.path(".pins.json.pinbench-recovery.4")).contains(pki.host))
    }

    @Test("background work that throws is shown and logged; the session goes on and quits normally")
    func backgroundFailureIsShown() async throws {
        let workspace = try RuntimeWorkspace()
        var services = try workspace.services()
        struct Broken: Error, CustomStringConvertible {
            var description: String { "the probe broke\u{1b}[2J" }
        }
        services.fetch = { _ in throw Broken() }
        let screen = ScriptedScreen(script: [
            .waitFor("background work failed"), .keys("R"), .waitFor("background work failed"), .keys("q"),
        ])
        let state = try await workspace.runSession(on: screen, services: services)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        let shown = screen.seen["background work failed"] ?? ""
        #expect(shown.contains("fetching \(pki.host)"), "\(shown)")
        #expect(!shown.contains("\u{1b}"), "escaped")
        let logged = state.chrome.messageLog.entries.filter {
            $0.message.isError && $0.message.text.contains("the probe broke")
        }
        #expect(logged.count >= 2)
        // The domain's fetch ended (failed), not left waiting.
        guard case .failed(let failure)? = state.results.live[pki.host]?.fetch else {
            Issue.record("the fetch is not failed: \(String(describing: state.results.live[pki.host]?.fetch))")
            return
        }
        #expect(failure.detail.contains("the probe broke"))
    }
}

/// A value a scripted step fills in for the test to read after the session.
final class Box: @unchecked Sendable {
    var value = ""
}
