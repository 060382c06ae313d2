import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing

/// `backup-key` as a use case (``BackupKeyRun``), on real files: the pin lands in the manifest with its key beside
/// it, and a refusal by the gate or a folder that is not there leaves neither a key nor a changed manifest.
@Suite("backup key run")
struct BackupKeyRunTests {
    let folder = TemporaryFolder()

    func run(into keys: URL) throws -> BackupKeyRun {
        BackupKeyRun(
            host: try HostName("api.example.test"), algorithm: .p256, folder: keys,
            manifest: URL(fileURLWithPath: folder.path("pins.json")))
    }

    @Test("the key and CSR are written and the key's pin is added as a backup naming them")
    func writesAndPins() throws {
        let keys = folder.url.appendingPathComponent("keys")
        try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: false)
        var gated: PinManifest?
        let result = try run(into: keys).run(beforeWriting: { gated = $0 })
        let files = try #require(result.files)
        #expect(result.outcome.didChange)
        #expect(FileManager.default.fileExists(atPath: files.key.path))
        #expect(FileManager.default.fileExists(atPath: files.request.path))
        let manifest = try ManifestStore.load(URL(fileURLWithPath: folder.path("pins.json"))).manifest
        let pin = try #require(manifest.policy(for: "api.example.test")?.pins.first)
        #expect(pin.value == result.key.spkiPin)
        #expect(pin.role == .backup)
        #expect(pin.note?.contains(files.key.path) == true)
        // The gate saw the manifest as it was about to be written, the pin included.
        #expect(gated?.policy(for: "api.example.test")?.pins.first?.value == result.key.spkiPin)
    }

    @Test("a gate that refuses leaves no key and no manifest behind")
    func refusedByGate() throws {
        struct Refused: Error {}
        let keys = folder.url.appendingPathComponent("keys")
        try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: false)
        #expect(throws: Refused.self) { try run(into: keys).run(beforeWriting: { _ in throw Refused() }) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: keys.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("pins.json")))
    }

    @Test("a folder that is not there is a BackupKeyError before anything is written")
    func missingFolder() throws {
        let keys = folder.url.appendingPathComponent("absent")
        #expect(throws: BackupKeyError.self) { try run(into: keys).run(beforeWriting: { _ in }) }
        #expect(!FileManager.default.fileExists(atPath: folder.path("pins.json")))
    }
}
