import Foundation
import ManifestFiles
import PinningCore
import TestSupport
import Testing

@Suite("Manifest store: load and save")
struct ManifestStoreTests {
    @Test("save writes atomically and leaves no temporary file; load reads it back")
    func saveAndLoad() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("pins.json")
        var document = try ManifestStore.loadOrCreate(url)
        #expect(document.loadedFingerprint == nil)
        document.manifest.domains.append(DomainPolicy(host: "a.test", pins: [Fixtures.pin(Fixtures.unrelatedPin)]))
        #expect(document.hasUnsavedChanges)
        let saved = try ManifestStore.save(document)
        #expect(!saved.hasUnsavedChanges)
        #expect(try ManifestStore.load(url).manifest == saved.manifest)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names == ["pins.json"])
    }

    @Test("refuses to overwrite a manifest changed on disk since it was loaded; the other edit survives")
    func changedOnDisk() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("pins.json")
        try ManifestStore.save(
            ManifestDocument(manifest: PinManifest(), url: url, loadedFingerprint: nil))
        var mine = try ManifestStore.load(url)
        mine.manifest.domains.append(DomainPolicy(host: "mine.test"))
        let theirs = "{\"schema\": 1, \"domains\": [{\"host\": \"theirs.test\"}]}\n"
        try Data(theirs.utf8).write(to: url)
        #expect {
            try ManifestStore.save(mine)
        } throws: { error in
            (error as! ManifestError).code == .changedOnDisk && "\(error)".contains("nothing was written")
        }
        #expect(folder.read("pins.json") == theirs)
        // Someone creating the file after we started from nothing is caught too.
        let fresh = folder.url.appendingPathComponent("new.json")
        let document = try ManifestStore.loadOrCreate(fresh)
        try Data(theirs.utf8).write(to: fresh)
        #expect(throws: ManifestError.self) { try ManifestStore.save(document) }
        // And a deleted one.
        let deleted = try ManifestStore.load(url)
        try FileManager.default.removeItem(at: url)
        #expect(throws: ManifestError.self) { try ManifestStore.save(deleted) }
    }

    @Test("a missing manifest is a clear error; a folder without write access fails cleanly")
    func missingAndUnwritable() throws {
        #expect {
            try ManifestStore.load(URL(fileURLWithPath: "/nonexistent/pins.json"))
        } throws: { error in (error as! ManifestError).code == .notFound }
        let document = ManifestDocument(
            manifest: PinManifest(), url: URL(fileURLWithPath: "/nonexistent/pins.json"), loadedFingerprint: nil)
        #expect {
            try ManifestStore.save(document)
        } throws: { error in (error as! ManifestError).code == .writeFailed }
    }
}
