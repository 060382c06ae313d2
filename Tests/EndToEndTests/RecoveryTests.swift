import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The workbench never loses an edit: the real `pinbench` in tmux is killed with `kill -9`, hung up on, or sent
/// SIGTERM after an unsaved edit, and the next start offers that edit back from the recovery file beside the
/// manifest.
@Suite("unsaved edits survive a kill, a lost terminal and SIGTERM")
struct RecoveryTests {
    let pki = TestPKI.shared

    func recoveryPath(_ workspace: OfflineWorkspace) -> String {
        workspace.folder.path(".pins.json.pinbench-recovery")
    }

    /// Starts the workbench, pins the chain's root key (an unsaved edit), waits until the recovery file holds it.
    func editUnsaved(_ workspace: OfflineWorkspace, rootPin: String) async throws -> TmuxSession {
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await tmux.waitFor("✓ accepted")
        try tmux.send("2", "G", "p")
        try await tmux.waitFor("pinned spki-sha256")
        // Written as the edit happened: it is there before anything ends the program.
        let recovery = (try? String(contentsOfFile: recoveryPath(workspace), encoding: .utf8)) ?? ""
        #expect(recovery.contains(rootPin), "the recovery file after the edit: \(recovery)")
        return tmux
    }

    /// Restarts the workbench on the same manifest, recovers with `r`, writes, and reads the pin back from the file.
    func recoverAndWrite(_ workspace: OfflineWorkspace, rootPin: String) async throws {
        let manifest = try String(contentsOfFile: workspace.folder.path("pins.json"), encoding: .utf8)
        #expect(!manifest.contains(rootPin), "the edit was never written, so only the recovery file has it")
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        let offer = try await tmux.waitFor("Unsaved edits of pins.json found")
        #expect(offer.contains("1 domain changed"), "\(offer)")
        #expect(offer.contains("r recover"), "\(offer)")
        try tmux.send("r")
        try await tmux.waitFor("recovered the unsaved edits")
        try tmux.send("w")
        let gate = try await tmux.waitFor("Write pins.json?")
        try tmux.send(gate.contains("! write anyway") ? "!" : "y")
        try await tmux.waitFor("wrote ")
        let written = try String(contentsOfFile: workspace.folder.path("pins.json"), encoding: .utf8)
        #expect(written.contains(rootPin), "the pin is back: \(written)")
        #expect(!FileManager.default.fileExists(atPath: recoveryPath(workspace)), "written, the recovery file goes")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("edit, kill -9, restart, recover: the pin is back, and written")
    func killNine() async throws {
        let workspace = try OfflineWorkspace.standard()
        let rootPin = try OpenSSLCLI.spkiPin(certificatePEM: pki.root.pem)
        let tmux = try await editUnsaved(workspace, rootPin: rootPin)
        let pid = try #require(tmux.programPID())
        kill(pid, SIGKILL)
        #expect(try await tmux.waitForExit() == 128 + SIGKILL)
        try await recoverAndWrite(workspace, rootPin: rootPin)
    }

    @Test("a lost terminal (SIGHUP) and SIGTERM leave the recovery file; a clean quit without saving removes it")
    func hangUpAndTerminate() async throws {
        let workspace = try OfflineWorkspace.standard()
        let rootPin = try OpenSSLCLI.spkiPin(certificatePEM: pki.root.pem)
        let first = try await editUnsaved(workspace, rootPin: rootPin)
        let firstPID = try #require(first.programPID())
        try first.killServer()
        let deadline = Date().addingTimeInterval(10)
        while kill(firstPID, 0) == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(FileManager.default.fileExists(atPath: recoveryPath(workspace)), "the terminal went away")

        // SIGTERM: the offer is kept for later (k), a new edit goes to this session's own file, then SIGTERM.
        let second = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await second.waitFor("Unsaved edits of pins.json found")
        try second.send("k")
        try await second.waitFor("kept ")
        try second.send("2", "G", "p")
        try await second.waitFor("pinned spki-sha256")
        let own = workspace.folder.path(".pins.json.pinbench-recovery.2")
        #expect(FileManager.default.fileExists(atPath: own), "the kept file is not written over")
        kill(try #require(second.programPID()), SIGTERM)
        #expect(try await second.waitForExit() == 128 + SIGTERM)
        #expect(FileManager.default.fileExists(atPath: own))
        #expect(FileManager.default.fileExists(atPath: recoveryPath(workspace)))

        // Both are offered in turn; discarding both and quitting leaves no recovery file.
        let third = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await third.waitFor("Unsaved edits of pins.json found")
        try third.send("d")
        try await waitUntilGone(recoveryPath(workspace))
        try await third.waitFor("Unsaved edits of pins.json found")
        try third.send("d")
        try await waitUntilGone(own)
        try third.send("q")
        #expect(try await third.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: own))
        #expect(!FileManager.default.fileExists(atPath: recoveryPath(workspace)))
    }

    /// Polls until nothing has the name `path` (at most 10 s).
    func waitUntilGone(_ path: String) async throws {
        let deadline = Date().addingTimeInterval(10)
        while FileManager.default.fileExists(atPath: path), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there")
    }
}
