import Foundation
import LabPKI
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing
import Workbench
import WorkbenchRuntime

/// The whole runtime without a terminal: the session loop on a scripted in-memory screen, every effect on real files
/// in a temporary folder (the manifest, an export, a backup key), chains from the test PKI judged by the real
/// validator, and openssl's command line as the second opinion on pins.
@Suite("the workbench runtime on a scripted screen and real files")
struct WorkbenchSessionTests {
    @Test("load, pin, w, x, K, and a change on disk: the files written, the reload dialog, the state at the end")
    func wholeSession() async throws {
        let workspace = try RuntimeWorkspace()
        let pki = workspace.pki
        let observed = Observations()
        // A mode of the user's own, which the atomic write must keep.
        #expect(chmod(workspace.folder.path("pins.json"), 0o640) == 0)
        let before = try #require(workspace.stamp("pins.json"))
        let script =
            Self.loadAndPin() + Self.save(workspace, into: observed) + Self.export(workspace, into: observed)
            + Self.backupKey(workspace, into: observed) + Self.changeOnDiskAndReload(workspace)
            + [.keys("q"), .pressFor { $0.contains("Unsaved changes") ? [.character("y")] : [] }]
        let screen = ScriptedScreen(script: script)
        let final = try await workspace.runSession(on: screen)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        #expect(screen.closeCount == 1)

        let rootPin = try await OffPoolThread.run { try OpenSSLCLI.spkiPin(certificatePEM: pki.root.pem) }
        let leafPin = try await OffPoolThread.run { try OpenSSLCLI.spkiPin(certificatePEM: pki.good.leaf.pem) }
        // w: the pin on disk, written by a rename (a new inode) with the file's mode kept and nothing left behind.
        #expect(observed.savedText.contains("\"\(rootPin)\""), "\(observed.savedText)")
        #expect(observed.savedStamp?.inode != before.inode)
        #expect(observed.savedStamp?.mode == 0o640)
        #expect(observed.temporaryFilesAfterSave.isEmpty, "\(observed.temporaryFilesAfterSave)")
        // x: OkHttp's CertificatePinner with the saved manifest's pins.
        #expect(observed.exportedText.contains("\"sha256/\(rootPin)\""), "\(observed.exportedText)")
        #expect(observed.exportedText.contains("\"sha256/\(leafPin)\""), "\(observed.exportedText)")
        // K: the key and its CSR, the key private, and the pin on screen is openssl's pin of the key.
        #expect(observed.keyFolderNames == ["\(pki.host).p256.csr.pem", "\(pki.host).p256.key.pem"])
        #expect(observed.keyFileMode == 0o600)
        let backupScreen = screen.seen["pinned spki-sha256 "] ?? ""
        #expect(!observed.opensslKeyPin.isEmpty && backupScreen.contains(observed.opensslKeyPin), "\(backupScreen)")
        // The change on disk, with the backup pin unsaved: the dialog, then r took the disk's version.
        let dialog = screen.seen["pins.json changed on disk"] ?? ""
        #expect(dialog.contains("outside.pinbench.test"), "\(dialog)")
        #expect(final.editing.document.manifest.policy(for: "outside.pinbench.test") != nil)
        #expect(
            final.editing.document.loadedFingerprint
                == (try ManifestStore.load(workspace.manifestURL).loadedFingerprint))
        let pins = final.editing.document.manifest.policy(for: pki.host)?.pins.map(\.value) ?? []
        #expect(pins.contains(rootPin) && !pins.contains(observed.opensslKeyPin), "\(pins)")
    }

    @Test("with no unsaved edits a change on disk is taken in at once; y puts the leaf's pin on the screen's clipboard")
    func cleanReloadAndClipboard() async throws {
        let workspace = try RuntimeWorkspace()
        let script: [ScriptedScreen.Step] = [
            .waitFor("✓ accepted"), .keys("2", "y"), .waitFor("sent to the clipboard"), .press([.escape]),
            .run { try workspace.addDomainFromOutside("outside.pinbench.test") },
            .waitFor("reloaded pins.json: changed on disk"), .keys("q"),
        ]
        let screen = ScriptedScreen(script: script)
        let final = try await workspace.runSession(on: screen)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        let pki = workspace.pki
        let leafPin = try await OffPoolThread.run { try OpenSSLCLI.spkiPin(certificatePEM: pki.good.leaf.pem) }
        #expect(screen.clipboard == [leafPin])
        #expect(final.editing.document.manifest.policy(for: "outside.pinbench.test") != nil)
        // Taken in, not merely offered: the session's document is the file as the outside writer left it.
        let onDisk = try ManifestStore.load(workspace.manifestURL)
        #expect(final.editing.document.loadedFingerprint == onDisk.loadedFingerprint)
    }

    /// The good chain fetched and accepted; then `2 G p` pins the root of the chain.
    static func loadAndPin() -> [ScriptedScreen.Step] {
        [.waitFor("✓ accepted"), .keys("2", "G", "p"), .waitFor("pinned spki-sha256")]
    }

    /// `w` through the write gate (`!` when lint found errors), and a look at the file as written.
    static func save(_ workspace: RuntimeWorkspace, into observed: Observations) -> [ScriptedScreen.Step] {
        [
            .keys("w"), .waitFor("Write pins.json?"),
            .pressFor { $0.contains("! write anyway") ? [.character("!")] : [.character("y")] },
            .waitFor("wrote "),
            .run {
                observed.savedText = workspace.folder.read("pins.json") ?? ""
                observed.savedStamp = workspace.stamp("pins.json")
                observed.temporaryFilesAfterSave = try workspace.temporaryFiles()
            },
        ]
    }

    /// `x`, the first format (OkHttp), the suggested name replaced by a path in the folder.
    static func export(_ workspace: RuntimeWorkspace, into observed: Observations) -> [ScriptedScreen.Step] {
        let path = workspace.folder.path("exported-okhttp.kt")
        return [
            .keys("x"), .waitFor("Exports pins.json"), .press([.enter]), .waitFor("File: pins-okhttp."),
            .press(Array(repeating: .backspace, count: 40)), .type(path), .press([.enter]),
            .waitFor("exported okhttp to"),
            .run { observed.exportedText = workspace.folder.read("exported-okhttp.kt") ?? "" },
        ]
    }

    /// `K` (from the Domains pane) with the form's first algorithm (EC P-256) into a `keys` folder; its pin joins the
    /// manifest unsaved.
    static func backupKey(_ workspace: RuntimeWorkspace, into observed: Observations) -> [ScriptedScreen.Step] {
        let keys = workspace.folder.url.appendingPathComponent("keys")
        return [
            .run { try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true) },
            .keys("1", "K"), .waitFor("Backup key"), .press([.tab]), .type(keys.path), .press([.enter]),
            .waitFor("pinned spki-sha256 "),
            .run {
                observed.keyFolderNames = try FileManager.default.contentsOfDirectory(atPath: keys.path).sorted()
                let key = keys.appendingPathComponent("\(workspace.pki.host).p256.key.pem")
                var info = stat()
                if stat(key.path, &info) == 0 { observed.keyFileMode = UInt32(info.st_mode & 0o777) }
                let der = try OpenSSLCLI.run(["pkey", "-in", key.path, "-pubout", "-outform", "DER"])
                observed.opensslKeyPin = try OpenSSLCLI.run(["dgst", "-sha256", "-binary"], input: der)
                    .base64EncodedString()
            },
        ]
    }

    /// Another writer adds a domain while the backup pin is unsaved: the reload dialog, and `r` takes the disk's.
    static func changeOnDiskAndReload(_ workspace: RuntimeWorkspace) -> [ScriptedScreen.Step] {
        [
            .run { try workspace.addDomainFromOutside("outside.pinbench.test") },
            .waitFor("pins.json changed on disk"), .keys("r"), .waitFor("reloaded pins.json: changed on disk"),
        ]
    }
}
