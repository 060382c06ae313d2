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

/// What `release add`'s arguments choose, and the mixes refused.
@Suite("Release addition's source")
struct ReleaseAdditionSourceTests {
    func refusal(
        _ name: String?, _ from: String?, shipped: String? = nil, share: Double? = nil, tags: String?
    ) -> String? {
        do {
            _ = try ReleaseAddition.Source.chosen(name: name, from: from, shipped: shipped, share: share, tags: tags)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("tags alone, or a name with its source; every other mix refused in words")
    func chosen() throws {
        guard
            case .tags("v*") = try ReleaseAddition.Source.chosen(
                name: nil, from: nil, shipped: nil, share: nil, tags: "v*")
        else {
            Issue.record("--tags alone is not the tags source")
            return
        }
        guard
            case .word("4.2", "v4.2", "2026-03-01", 38) = try ReleaseAddition.Source.chosen(
                name: "4.2", from: "v4.2", shipped: "2026-03-01", share: 38, tags: nil)
        else {
            Issue.record("NAME --from is not the word source")
            return
        }
        #expect(refusal("4.2", nil, tags: "v*") == "give either --tags GLOB, or NAME --from REV|FILE.")
        #expect(
            refusal(nil, nil, share: 5, tags: "v*")
                == "--tags dates each release by its tag; add --shipped and --share one by one.")
        #expect(refusal("4.2", nil, tags: nil) == "give NAME --from REV|FILE (or --tags GLOB).")
        #expect(refusal(nil, nil, tags: nil) == "give NAME --from REV|FILE (or --tags GLOB).")
        #expect(refusal("next (pins.json)", "v1", tags: nil) == Release.candidateNameRefusal("next (pins.json)"))
    }
}
