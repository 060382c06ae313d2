import Foundation
import PinningCore
import ReleaseHistory
import TestSupport
import Testing

/// The sides of `pinbench diff`: which side a word names, each read where it lives, and its trust anchors read at
/// its own revision (never the working tree's, which may have changed since).
@Suite("Diff sides")
struct DiffSideTests {
    @Test("no words: HEAD against the working file; a path-like word is a file, any other a revision")
    func sides() throws {
        let manifest = URL(fileURLWithPath: "/nonexistent/pins.json")
        let none = try DiffSide.sides(explicitOld: nil, explicitNew: nil, words: [], manifest: manifest)
        #expect(none.old == .revision("HEAD") && none.new == .workingFile)
        let two = try DiffSide.sides(
            explicitOld: nil, explicitNew: nil, words: ["./a.json", "main"], manifest: manifest)
        #expect(two.old == .file("./a.json") && two.new == .revision("main"))
        let explicit = try DiffSide.sides(
            explicitOld: .revision("v1"), explicitNew: nil, words: ["/tmp/new.json"], manifest: manifest)
        #expect(explicit.old == .revision("v1") && explicit.new == .file("/tmp/new.json"))
    }

    @Test("a side at a revision reads its manifest and its trust anchors as committed, not as they are now")
    func anchorsAtRevision() async throws {
        let repository = try await HistoryRepository.make()
        _ = repository.folder.write("root.pem", "committed anchor")
        let manifest = HistoryRepository.manifest(host: "api.example.com", seed: 1, trustAnchors: ["root.pem"])
        try await repository.commit(manifest, tag: "v1")
        _ = repository.folder.write("root.pem", "changed since")
        let side = try LoadedSide.load(.revision("v1"), manifest: repository.manifestURL, manifestName: "pins.json")
        #expect(side.manifest == manifest && side.name == "v1:pins.json" && side.revision == "v1")
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let document = try DiffAnchors.document(for: side, role: .old, scratch: scratch.url)
        let copied = try #require(document.manifest.trustAnchors.first)
        #expect(copied.hasPrefix(try scratch.url().path))
        #expect(try String(contentsOfFile: copied, encoding: .utf8) == "committed anchor")
    }

    @Test("a file side naming an anchor that cannot be read is an error, never judged with fewer anchors")
    func unreadableAnchor() throws {
        let folder = TemporaryFolder()
        let manifest = HistoryRepository.manifest(host: "api.example.com", seed: 1, trustAnchors: ["gone.pem"])
        let file = folder.write("new.json", ManifestCodec.encode(manifest))
        let side = try LoadedSide.load(.file(file), manifest: URL(fileURLWithPath: file), manifestName: "pins.json")
        let error = #expect(throws: HistoryError.self) {
            try DiffAnchors.document(for: side, role: .new, scratch: { folder.url })
        }
        #expect(
            error?.message.contains("the new side's trust anchor gone.pem cannot be read") == true,
            "\(String(describing: error))")
    }
}
