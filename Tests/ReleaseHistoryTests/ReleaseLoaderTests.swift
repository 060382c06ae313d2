import Foundation
import ManifestEditing
import PinForecast
import PinningCore
import ReleaseHistory
import TestSupport
import Testing

/// The releases beside a manifest: each release's pins read from where its entry says (a file, a git revision), the
/// list changed only under the lock and only with releases whose pins can be read.
@Suite("Release loader")
struct ReleaseLoaderTests {
    @Test("a release at a git tag carries the manifest of that tag; a file release carries the file's pins")
    func pinsFromRevisionAndFile() async throws {
        let repository = try await HistoryRepository.make()
        let shipped = HistoryRepository.manifest(host: "api.example.com", seed: 10)
        try await repository.commit(shipped, tag: "v4.1")
        let other = HistoryRepository.manifest(host: "api.example.com", seed: 20)
        _ = repository.folder.write("old.json", ManifestCodec.encode(other))
        _ = repository.folder.write(
            "pins.json", ManifestCodec.encode(HistoryRepository.manifest(host: "b.example", seed: 5)))
        let loader = ReleaseLoader(manifest: repository.manifestURL)
        let atTag = ReleaseEntry(name: "4.1", source: .revision("v4.1", path: nil))
        let fromFile = ReleaseEntry(name: "4.0", source: .file("old.json"))
        #expect(try loader.pins(of: atTag) == shipped)
        #expect(try loader.release(fromFile).manifest == other)
    }

    @Test("a release whose pins cannot be read is named in the error and never added")
    func unreadableReleaseNotAdded() async throws {
        let repository = try await HistoryRepository.make()
        try await repository.commit(HistoryRepository.manifest(host: "api.example.com", seed: 1), tag: "v1")
        let loader = ReleaseLoader(manifest: repository.manifestURL)
        let missing = ReleaseEntry(name: "9.9", source: .revision("v9", path: nil))
        let error = #expect(throws: HistoryError.self) { try loader.add([missing], keepListed: false) }
        #expect(error?.message.hasPrefix("release 9.9: ") == true, "\(String(describing: error))")
        #expect(try loader.list().releases.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: loader.releasesFile.path))
    }

    @Test("adding a listed name is refused unless kept (tags), and remove refuses an unknown name")
    func addAndRemove() async throws {
        let repository = try await HistoryRepository.make()
        try await repository.commit(HistoryRepository.manifest(host: "api.example.com", seed: 1), tag: "v1")
        let loader = ReleaseLoader(manifest: repository.manifestURL)
        let entry = ReleaseEntry(name: "v1", source: .revision("v1", path: nil))
        #expect(try loader.add([entry], keepListed: false).isEmpty)
        let error = #expect(throws: HistoryError.self) { try loader.add([entry], keepListed: false) }
        #expect(error?.message.contains("already listed") == true)
        #expect(try loader.add([entry], keepListed: true) == ["v1"])
        #expect(try loader.list().releases.map(\.name) == ["v1"])
        #expect(throws: HistoryError.self) { try loader.remove(named: "v2") }
        try loader.remove(named: "v1")
        #expect(try loader.list().releases.isEmpty)
    }

    @Test("--tags: every matching tag is a release of the manifest at it, dated by the tag")
    func tags() async throws {
        let repository = try await HistoryRepository.make()
        try await repository.commit(HistoryRepository.manifest(host: "api.example.com", seed: 1), tag: "v1.0")
        try await repository.commit(HistoryRepository.manifest(host: "api.example.com", seed: 2), tag: "v2.0")
        try await repository.commit(HistoryRepository.manifest(host: "api.example.com", seed: 3), tag: "beta")
        let loader = ReleaseLoader(manifest: repository.manifestURL)
        let entries = try ReleaseTags.entries(matching: "v*", loader: loader, path: nil, format: .manifest)
        #expect(Set(entries.map(\.name)) == ["v1.0", "v2.0"])
        #expect(entries.allSatisfy { $0.shipped == CalendarDay(containing: Date()) })
        #expect(entries.allSatisfy { $0.source == .revision($0.name, path: nil) })
        #expect(throws: HistoryError.self) {
            try ReleaseTags.entries(matching: "--sort=x", loader: loader, path: nil, format: .manifest)
        }
    }

    @Test("--from: a file inside the releases folder is stored relative, a revision as given, anything else refused")
    func sourceWord() async throws {
        let repository = try await HistoryRepository.make()
        try await repository.commit(HistoryRepository.manifest(host: "api.example.com", seed: 1), tag: "v1")
        let loader = ReleaseLoader(manifest: repository.manifestURL)
        let file = repository.folder.write("old.json", "{}")
        #expect(try ReleaseSourceWord.source(file, path: nil, loader: loader) == .file("old.json"))
        #expect(try ReleaseSourceWord.source("v1", path: nil, loader: loader) == .revision("v1", path: nil))
        let neither = #expect(throws: HistoryError.self) {
            try ReleaseSourceWord.source("v7", path: nil, loader: loader)
        }
        #expect(neither?.message.contains("is neither a file nor a revision") == true)
        let pathWithFile = #expect(throws: HistoryError.self) {
            try ReleaseSourceWord.source(file, path: "x.xml", loader: loader)
        }
        #expect(pathWithFile?.message.contains("--path goes with a revision") == true)
        #expect(ReleaseEntry.Source.revision("v1", path: "a/b.xml").shown == "git v1:a/b.xml")
    }
}
