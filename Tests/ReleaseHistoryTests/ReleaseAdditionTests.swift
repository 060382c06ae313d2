import Foundation
import ManifestEditing
import PinForecast
import PinningCore
import ReleaseHistory
import TestSupport
import Testing

/// `release add` and `release list` as their commands print them: what was added, kept or matched nothing, and the
/// table of the releases file read back.
@Suite("Release addition and list")
struct ReleaseAdditionTests {
    @Test("one release from a file: added with its source and format, then listed with its day and share")
    func word() async throws {
        let repository = try await HistoryRepository.make()
        let loader = ReleaseLoader(manifest: repository.manifestURL)
        let file = repository.folder.write(
            "old.json", ManifestCodec.encode(HistoryRepository.manifest(host: "api.example.com", seed: 3)))
        #expect(
            try loader.list().textLines == ["No releases (add one with `pinbench release add NAME --from REV|FILE`)."])
        let lines = try ReleaseAddition(
            .word(name: "4.1", from: file, shipped: "2026-03-01", share: 20), path: nil, format: .manifest
        ).run(loader)
        #expect(
            lines == [
                "Added release 4.1 (pins from old.json, manifest)", "\(loader.releasesFile.path): 1 added",
            ])
        let table = try loader.list().textLines
        #expect(table.count == 2)
        #expect(table[0].hasPrefix("RELEASE"))
        #expect(table[1].hasPrefix("4.1") && table[1].contains("2026-03-01") && table[1].hasSuffix("old.json"))
    }

    @Test("tags: each matching tag added once, those listed kept; no match says so")
    func tags() async throws {
        let repository = try await HistoryRepository.make()
        try await repository.commit(HistoryRepository.manifest(host: "api.example.com", seed: 1), tag: "v1")
        let loader = ReleaseLoader(manifest: repository.manifestURL)
        let addition = ReleaseAddition(.tags("v*"), path: nil, format: .manifest)
        #expect(try addition.run(loader).first == "Added release v1 (pins from git v1, manifest)")
        #expect(
            try addition.run(loader) == ["Kept release v1: already listed", "\(loader.releasesFile.path): 0 added"])
        #expect(
            try ReleaseAddition(.tags("x*"), path: nil, format: .manifest).run(loader) == [
                "No git tag matches x*; nothing was added.", "\(loader.releasesFile.path): 0 added",
            ])
    }
}
