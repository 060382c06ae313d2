import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing

/// `K` in the real workbench: the form, an RSA key generated off the update loop, the pin written through `w`.
@Suite("Backup key from the workbench in a real terminal")
struct BackupKeyWorkbenchTests {
    @Test("K, RSA 2048, a folder, Enter: the key is 0600, the written backup pin is openssl's pin of the key")
    func backupKeyFromTheWorkbench() async throws {
        let workspace = try OfflineWorkspace.standard()
        let host = TestPKI.shared.host
        let keys = workspace.folder.url.appendingPathComponent("keys")
        try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true)
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await tmux.waitFor("✓ \(host)")
        try tmux.send("K")
        try await tmux.waitFor("Backup key")
        try tmux.send("Down")
        try tmux.send("Down")
        try await tmux.waitFor("(*) RSA 2048")
        try tmux.send("Tab")
        try tmux.send(keys.path, literal: true)
        try tmux.send("Enter")
        let screen = try await tmux.waitFor("pinned spki-sha256 ")

        let keyFile = keys.appendingPathComponent("\(host).rsa2048.key.pem")
        let opensslPin = try await OffPoolThread.run {
            let der = try OpenSSLCLI.run(["pkey", "-in", keyFile.path, "-pubout", "-outform", "DER"])
            return try OpenSSLCLI.run(["dgst", "-sha256", "-binary"], input: der).base64EncodedString()
        }
        #expect(screen.contains("pinned spki-sha256 \(opensslPin) as backup"), "\(screen)")
        var status = stat()
        #expect(stat(keyFile.path, &status) == 0 && status.st_mode & 0o777 == 0o600)

        try tmux.send("w")
        let gate = try await tmux.waitFor("Write pins.json?")
        try tmux.send(gate.contains("! write anyway") ? "!" : "y")
        try await tmux.waitFor("wrote ")
        let written = try ManifestStore.load(workspace.folder.url.appendingPathComponent("pins.json")).manifest
        let pin = try #require(written.policy(for: host)?.pins.first { $0.value == opensslPin })
        #expect(pin.role == .backup && pin.note?.contains(keyFile.path) == true)

        // A second K for the same algorithm and folder is refused in the form: the key on disk stays.
        let before = try Data(contentsOf: keyFile)
        try tmux.send("K")
        try await tmux.waitFor("Backup key")
        try tmux.send("Down")
        try tmux.send("Down")
        try tmux.send("Tab")
        try tmux.send(keys.path, literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor("already exists")
        #expect(try Data(contentsOf: keyFile) == before)
        try tmux.send("Escape")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
