import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// Curating a manifest in the real workbench, in a real terminal: the settings form, the Pins pane, then `w`, and
/// the file on disk read back as plain JSON.
@Suite("curation in a real terminal")
struct CurationFlowTests {
    let pki = TestPKI.shared

    /// The manifest file's domain `host`, read without pinbench's reader.
    func domainOnDisk(_ workspace: OfflineWorkspace, _ host: String) throws -> [String: Any] {
        let data = try Data(contentsOf: workspace.folder.url.appendingPathComponent("pins.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let domains = try #require(root["domains"] as? [[String: Any]])
        return try #require(domains.first { $0["host"] as? String == host })
    }

    /// Passes the write gate (`!` when lint found errors, else `y`) and waits for the write.
    func write(_ tmux: TmuxSession) async throws {
        try tmux.send("w")
        let gate = try await tmux.waitFor("Write pins.json?")
        try tmux.send(gate.contains("! write anyway") ? "!" : "y")
        try await tmux.waitFor("wrote ")
    }

    func quit(_ tmux: TmuxSession) async throws {
        #expect(try await tmux.quitWorkbench() == 0)
    }

    @Test("edit settings and write: e, mode and expires changed, applied, written; a pin's added is its key press")
    func editSettingsAndWrite() async throws {
        let workspace = try OfflineWorkspace.standard()
        let host = pki.host
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await tmux.waitFor("✓ accepted")

        try tmux.send("e")
        try await tmux.waitFor("Settings: \(host)")
        try tmux.send("Enter")  // mode: enforce -> report-only
        try await tmux.waitFor("* mode")
        try tmux.send("j", "j", "Enter", "BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.send("2027-06-30", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor("* expires            2027-06-30")
        try tmux.send("y")
        try await tmux.waitFor("mode report-only (was enforce)")

        // A pin made well after the start carries the time of its key press, not of the start.
        try await Task.sleep(for: .seconds(3))
        let pressed = Date()
        try tmux.send("2", "G", "p")
        try await tmux.waitFor("pinned spki-sha256")
        let afterPress = Date()

        try await write(tmux)
        let domain = try domainOnDisk(workspace, host)
        #expect(domain["mode"] as? String == "report-only")
        #expect(domain["expires"] as? String == "2027-06-30")
        let rootPin = try OpenSSLCLI.spkiPin(certificatePEM: pki.root.pem)
        let pins = try #require(domain["pins"] as? [[String: Any]])
        let added = try #require(pins.first { $0["value"] as? String == rootPin }?["added"] as? String)
        let time = try #require(Timestamp.parse(added))
        // The file keeps whole seconds.
        #expect(time >= pressed.addingTimeInterval(-1) && time <= afterPress.addingTimeInterval(1), "\(added)")
        try await quit(tmux)
    }

    @Test("remove a stale pin: the Pins pane shows a pin not in the lab chain; u, w, and it is gone from the file")
    func removeAStalePin() async throws {
        let leaf = Pin(
            certificate: CertificateDetails(pki.good.leaf.certificate), level: 0, type: .spkiSHA256, added: Date())
        let ca = Pin(
            certificate: CertificateDetails(pki.intermediate.certificate), level: 1, type: .spkiSHA256, role: .backup,
            added: Date())
        let stale = Pin(
            certificate: CertificateDetails(pki.impostor.leaf.certificate), level: 0, type: .spkiSHA256,
            role: .backup, added: Date(), note: "the key before the rotation")
        let workspace = try OfflineWorkspace(
            root: pki.root, chains: [pki.host: pki.good],
            domains: [DomainPolicy(host: pki.host, pins: [leaf, ca, stale])])
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await tmux.waitFor("✓ accepted")

        try tmux.send("4")
        try await tmux.waitFor("Pins: \(pki.host) (3)")
        try await tmux.waitFor("! not live")
        try tmux.send("G")
        try await tmux.waitFor("not in the live chain")
        try await tmux.waitFor("the key before the rotation")
        try tmux.send("u")
        try await tmux.waitFor("unpinned \(stale.value)")
        try await tmux.waitFor("Pins: \(pki.host) (2)")

        try await write(tmux)
        let pins = try #require(try domainOnDisk(workspace, pki.host)["pins"] as? [[String: Any]])
        let values = pins.compactMap { $0["value"] as? String }
        #expect(values == [leaf.value, ca.value], "\(values)")
        try await quit(tmux)
    }

    @Test("the Pins pane takes the right-hand column only while focused: Tab away and the Certificate pane is back")
    func pinsColumnOnlyWhileFocused() async throws {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await tmux.waitFor("✓ accepted")
        try tmux.send("4")
        try await tmux.waitFor("Pins: \(pki.host) (2)")
        try tmux.send("1")
        let screen = try await tmux.waitFor("Certificate: level 0")
        #expect(!screen.contains("Pins: \(pki.host)"), "\(screen)")
        try tmux.send("4", "2")
        let chain = try await tmux.waitFor("the Certificate pane beside the focused Chain") {
            $0.contains("Certificate: level 0") && !$0.contains("Pins: \(self.pki.host)")
        }
        #expect(chain.contains("Chain: \(pki.host)"))
        try await quit(tmux)
    }

    @Test("the write gate shows the change and the finding it introduces first; findings from before fold below")
    func writeGateShowsTheChangeFirst() async throws {
        let workspace = try OfflineWorkspace.standard()  // missing.pinbench.test enforces no pins: an error already
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await tmux.waitFor("✓ accepted")
        // Unpinning the backup leaves one enforced pin: too-few-pins for the pinned host, introduced by the change.
        try tmux.send("4", "G", "u")
        try await tmux.waitFor("unpinned")
        try tmux.send("w")
        let gate = try await tmux.waitFor("Write pins.json?")
        let lines = gate.split(separator: "\n").map(String.init)
        func row(_ text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
        let change = try #require(row("Your change"), "\(gate)")
        let introduced = try #require(row("Introduced by this change"), "\(gate)")
        let earlier = try #require(row("Already in the manifest before this change: 1 error"), "\(gate)")
        #expect(lines[earlier].contains("(f shows them)"))
        let newFinding = try #require(row("[too-few-pins] \(pki.host)"), "\(gate)")
        #expect(change < introduced && introduced < newFinding && newFinding < earlier, "\(gate)")
        #expect(row("[too-few-pins] missing.pinbench.test") == nil, "folded: \(gate)")
        try tmux.send("f")
        let unfolded = try await tmux.waitFor("[too-few-pins] missing.pinbench.test")
        #expect(unfolded.contains("(f folds them)"))
        try tmux.send("Escape")
        try await tmux.waitFor("not written")
        try await quit(tmux)
    }
}
