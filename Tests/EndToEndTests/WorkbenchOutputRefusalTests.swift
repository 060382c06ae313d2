import Foundation
import PinExport
import PinningCore
import TestSupport
import Testing

/// The workbench's file outputs under the same rules as `pinbench export --output`: never over one of its inputs,
/// never a configuration the client refuses.
@Suite("workbench outputs refused in a real terminal")
struct WorkbenchOutputRefusalTests {
    /// The workbench on `workspace`, run from its folder so that typed file names are short and land there.
    func workbench(_ workspace: OfflineWorkspace) throws -> TmuxSession {
        try TmuxSession.pinbench(
            workspace.workbenchArguments, width: 200, height: 30,
            launcher: ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", workspace.folder.url.path])
    }

    /// Opens `x`, picks `format`, and replaces the suggested file name with `path`.
    func export(_ format: ExportFormat, to path: String, in tmux: TmuxSession) async throws {
        try tmux.send("x")
        try await tmux.waitFor("Exports pins.json")
        for _ in 0..<(ExportFormat.allCases.firstIndex(of: format) ?? 0) { try tmux.send("Down") }
        try tmux.send("Enter")
        try await tmux.waitFor("File: pins-\(format.rawValue).")
        for _ in 0..<40 { try tmux.send("BSpace") }
        try await tmux.waitFor("an empty file name") { !$0.contains("File: pins-") }
        try tmux.send(path, literal: true)
        try tmux.send("Enter")
    }

    @Test("x to the manifest's own path is refused as an input; the manifest's bytes stay")
    func exportOverTheManifestIsRefused() async throws {
        let workspace = try OfflineWorkspace.standard()
        let manifest = workspace.folder.url.appendingPathComponent("pins.json")
        let before = try Data(contentsOf: manifest)
        let tmux = try workbench(workspace)
        try await tmux.waitFor("✓ \(TestPKI.shared.host)")
        try await export(.okhttp, to: "pins.json", in: tmux)
        let screen = try await tmux.waitFor("not written:")
        #expect(screen.contains("pins.json is the manifest this command reads"), "\(screen)")
        #expect(try Data(contentsOf: manifest) == before)
        // The trust anchor the manifest names is an input too, by the same rule.
        let anchor = workspace.folder.url.appendingPathComponent("root.pem")
        let anchorBefore = try Data(contentsOf: anchor)
        try tmux.send("Escape")
        try tmux.send("Escape")
        // By another name: through the folder's parent.
        let byAnotherName = "../\(workspace.folder.url.lastPathComponent)/root.pem"
        try await export(.okhttp, to: byAnotherName, in: tmux)
        let anchorScreen = try await tmux.waitFor("trust anchor file")
        #expect(anchorScreen.contains("not written:"), "\(anchorScreen)")
        #expect(try Data(contentsOf: anchor) == anchorBefore)
        try tmux.send("Escape")
        try tmux.send("Escape")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("x trustkit with one key pin is refused with TrustKit's reason; nothing is written")
    func clientRefusedExportIsNotWritten() async throws {
        let pki = TestPKI.shared
        let pin = Pin(
            certificate: CertificateDetails(pki.good.leaf.certificate), level: 0, type: .spkiSHA256, added: Date())
        let workspace = try OfflineWorkspace(
            root: pki.root, chains: [pki.host: pki.good], domains: [DomainPolicy(host: pki.host, pins: [pin])])
        let tmux = try workbench(workspace)
        try await tmux.waitFor(pki.host)
        try await export(.trustkit, to: "trustkit-out.plist", in: tmux)
        let screen = try await tmux.waitFor("not written:")
        #expect(screen.contains("TrustKit"), "\(screen)")
        #expect(screen.contains("needs at least two"), "\(screen)")
        #expect(screen.contains("--allow-invalid"), "\(screen)")
        // The dialog is back at the file name, and nothing was written.
        #expect(screen.contains("File: trustkit-out.plist"), "\(screen)")
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.path("trustkit-out.plist")))
        // The CLI gives the same verdict on the same manifest.
        let cli = try await PinBenchBinary.run(["export", "trustkit", "--manifest", workspace.folder.path("pins.json")])
        #expect(cli.status != 0 && cli.stderrText.contains("needs at least two"), "\(cli.stderrText)")
        try tmux.send("Escape")
        try tmux.send("Escape")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
