import Foundation
import PinningCore
import ReleaseHistory
import TestSupport
import Testing

/// A manifest as it is at a git revision: read from real git, every revision text that could become an option or
/// change the path refused before git runs, a link out of the revision's tree never followed.
@Suite("Git revision reader")
struct GitRevisionReaderTests {
    @Test("a committed manifest reads back as it was at its tag, not as the working file is now")
    func readsAtRevision() async throws {
        let repository = try await HistoryRepository.make()
        let old = HistoryRepository.manifest(host: "api.example.com", seed: 1)
        try await repository.commit(old, tag: "v1")
        try await repository.commit(HistoryRepository.manifest(host: "api.example.com", seed: 7), tag: "v2")
        let (data, shown) = try GitRevisionReader.read(repository.manifestURL, at: "v1")
        #expect(shown == "v1:pins.json")
        #expect(try ManifestCodec.decode(data, path: shown) == old)
        #expect(try GitRevisionReader.isRevision("v2", in: repository.folder.url))
        #expect(try !GitRevisionReader.isRevision("v3", in: repository.folder.url))
    }

    @Test(
        "revision texts git could read as an option, or that change the path, are refused",
        arguments: [
            ("", "is empty"), ("--output=/tmp/x", "starts with '-'"), ("HEAD:other.json", "contains ':'"),
            ("v1 v2", "contains a space or a control character"), ("v1\u{1B}[2J", "contains a space or a control"),
            (String(repeating: "a", count: 257), "is longer than 256 bytes"),
        ])
    func refusesHostileRevisions(revision: String, words: String) throws {
        let error = #expect(throws: HistoryError.self) { try GitRevisionReader.check(revision) }
        #expect(error?.message.contains(words) == true, "\(error?.message ?? "")")
        #expect(try !GitRevisionReader.isRevision(revision, in: FileManager.default.temporaryDirectory))
    }

    @Test("a committed link leading out of the repository is refused, never read")
    func linkOutOfRepositoryRefused() async throws {
        let repository = try await HistoryRepository.make()
        let outside = TemporaryFolder()
        _ = outside.write("secret.json", ManifestCodec.encode(HistoryRepository.manifest(host: "a.example", seed: 3)))
        try FileManager.default.createSymbolicLink(
            atPath: repository.manifestURL.path, withDestinationPath: outside.path("secret.json"))
        try await GitCLI.run(["add", "-A"], in: repository.folder.url)
        try await GitCLI.run(["commit", "-q", "-m", "link"], in: repository.folder.url)
        let error = #expect(throws: HistoryError.self) {
            try GitRevisionReader.read(repository.manifestURL, at: "HEAD")
        }
        #expect(
            error?.message.contains("symbolic link leading outside the repository") == true,
            "\(String(describing: error))")
    }

    @Test("outside a repository a revision cannot be read, and the error says to give two files")
    func outsideRepository() throws {
        let folder = TemporaryFolder()
        let error = #expect(throws: HistoryError.self) {
            try GitRevisionReader.read(folder.url.appendingPathComponent("pins.json"), at: "HEAD")
        }
        #expect(error?.message.contains("is not inside a git repository") == true, "\(String(describing: error))")
    }
}
