import Foundation
import LabPKI
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing

/// The workbench open on a manifest while another process (`pinbench pin add`) changes it.
@Suite("Live reload in a real terminal")
struct LiveReloadTests {
    let pki = TestPKI.shared

    func workspace() throws -> OfflineWorkspace {
        let workspace = try OfflineWorkspace.standard()
        workspace.folder.write("mitm.pem", pki.impostor.presentedPEM)
        return workspace
    }

    /// `pinbench pin add` in another process: the impostor's CA key as a backup of `host`.
    func outsidePinAdd(_ workspace: OfflineWorkspace, host: String) async throws -> String {
        let result = try await PinBenchBinary.run(
            [
                "pin", "add", host, "--chain", "mitm.pem", "--level", "1", "--backup", "--allow-lint-errors",
                "--manifest",
                workspace.folder.path("pins.json"),
            ],
            in: workspace.folder.url)
        #expect(result.status == 0, "\(result.stderrText)")
        return CertificateDetails(pki.impostor.intermediates[0].certificate).spkiPin
    }

    @Test("with no unsaved edits, an outside pin add is reloaded and shown")
    func cleanReload() async throws {
        let workspace = try workspace()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await tmux.waitFor("✓ \(pki.host)")
        try tmux.send("j")  // missing.pinbench.test: the selection must stay on it
        try await tmux.waitFor("missing.pinbench.test  enforce")
        let pin = try await outsidePinAdd(workspace, host: "missing.pinbench.test")
        try await tmux.waitFor("reloaded pins.json: changed on disk (1 domain changed)")
        let screen = try await tmux.waitFor(pin)
        // The selection stayed on its host: its pane shows the new pin.
        #expect(screen.contains("missing.pinbench.test  enforce"))
        #expect(!screen.contains("● unsaved"))
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("with unsaved edits: the overlay shows the disk's change, a re-applies mine, w writes both")
    func dirtyReapplyAndWrite() async throws {
        let workspace = try workspace()
        let url = workspace.folder.url.appendingPathComponent("pins.json")
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await tmux.waitFor("✓ \(pki.host)")
        // Mine: delete missing.pinbench.test.
        try tmux.send("j")
        try await tmux.waitFor("missing.pinbench.test  enforce")
        try tmux.send("d")
        try await tmux.waitFor("Delete missing.pinbench.test")
        try tmux.send("y")
        try await tmux.waitFor("removed missing.pinbench.test")
        // Theirs: a backup pin for the pinned host.
        let pin = try await outsidePinAdd(workspace, host: pki.host)
        let overlay = try await tmux.waitFor("pins.json changed on disk")
        #expect(overlay.contains("~ \(pki.host)"))
        #expect(overlay.contains("Your unsaved edits: 1 domain removed"))
        try tmux.send("a")
        try await tmux.waitFor("re-applied your edits onto pins.json as changed on disk; w writes both")
        try tmux.send("w")
        let gate = try await tmux.waitFor("Write pins.json?")
        try tmux.send(gate.contains("! write anyway") ? "!" : "y")
        try await tmux.waitFor("wrote ")
        let written = try ManifestStore.load(url).manifest
        #expect(written.policy(for: "missing.pinbench.test") == nil)
        #expect(written.policy(for: pki.host)?.pins.contains { $0.value == pin && $0.role == .backup } == true)
        #expect(written.policy(for: pki.host)?.pins.count == 3)
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
