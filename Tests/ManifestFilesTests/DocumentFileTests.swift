import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing

/// `DocumentFile`, the store the CT watch keeps its state through: the manifest's reader and locked writer behind
/// `ManifestEditing`'s `DocumentStore`, so that a target holding only the protocol writes through the same path.
@Suite("Document files")
struct DocumentFileTests {
    struct Refused: Error {}

    @Test("missing is nil; an update creates the file canonically, returns the edit's result, and reads back")
    func roundTrip() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("pins.json")
        let store: any DocumentStore<PinManifest> = DocumentFile(PinManifest.self, at: url)
        #expect(try store.read() == nil)
        let count = try store.update { (manifest: inout PinManifest) -> Int in
            manifest.domains.append(DomainPolicy(host: "a.test"))
            return manifest.domains.count
        }
        #expect(count == 1)
        #expect(try store.read()?.domains.map(\.host) == ["a.test"])
        #expect(folder.read("pins.json") == String(decoding: try #require(try store.read()).encoded(), as: UTF8.self))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["pins.json"])
    }

    @Test("an edit that throws writes nothing; another writer's change in between is kept, not overwritten")
    func refusalsAndOtherWriters() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("pins.json")
        let store = DocumentFile(PinManifest.self, at: url)
        try store.update { $0.domains.append(DomainPolicy(host: "a.test")) }
        let before = folder.read("pins.json")
        #expect(throws: Refused.self) {
            try store.update { (manifest: inout PinManifest) in
                manifest.domains.removeAll()
                throw Refused()
            }
        }
        #expect(folder.read("pins.json") == before)
        // Someone else edits the file; the next update starts from their version, under the lock.
        try ManifestStore.update(at: url) { $0.domains.append(DomainPolicy(host: "b.test")) }
        try store.update { $0.domains.append(DomainPolicy(host: "c.test")) }
        #expect(try store.read()?.domains.map(\.host) == ["a.test", "b.test", "c.test"])
    }

    @Test("a file that is not the document is an error naming it, and is left as it was")
    func unreadable() throws {
        let folder = TemporaryFolder()
        let path = folder.write("pins.json", "{\"schema\": 1, \"domains\": [}")
        let store = DocumentFile(PinManifest.self, at: URL(fileURLWithPath: path))
        #expect {
            try store.read()
        } throws: { error in
            (error as? ManifestError)?.code == .invalidJSON && "\(error)".contains("pins.json")
        }
        #expect(throws: ManifestError.self) { try store.update { $0.domains.removeAll() } }
        #expect(folder.read("pins.json") == "{\"schema\": 1, \"domains\": [}")
    }
}
