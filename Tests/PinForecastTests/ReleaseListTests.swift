import Foundation
import ManifestEditing
import ManifestFiles
import PinForecast
import PinningCore
import TestSupport
import Testing

/// The releases file: strict in (each refusal with file, line and column, nothing written), canonical out, through
/// the manifest's own locked atomic writer.
@Suite("Releases file")
struct ReleaseListTests {
    let folder = TemporaryFolder()

    func refusal(_ text: String) -> ManifestError? {
        do {
            _ = try ReleaseList.decode(Data(text.utf8), path: "releases.json")
            return nil
        } catch {
            return error
        }
    }

    @Test("a list written by the store reads back equal; the file is canonical and stable")
    func roundTrip() throws {
        let url = folder.url.appendingPathComponent("releases.json")
        let entries = [
            ReleaseEntry(
                name: "4.1", shipped: CalendarDay("2026-03-01"), share: 38.5, source: .revision("v4.1", path: nil)),
            ReleaseEntry(name: "4.2", share: 12, source: .file("app/TrustKit.plist"), format: .trustkit),
        ]
        try ManifestStore.update(ReleaseList.self, at: url) { $0.releases = entries }
        let first = try #require(folder.read("releases.json"))
        let loaded = try #require(try ManifestStore.loadIfPresent(ReleaseList.self, at: url))
        #expect(loaded.releases == entries)
        try ManifestStore.update(ReleaseList.self, at: url) { _ in }
        #expect(folder.read("releases.json") == first)
        #expect(first.contains(#""revision": "v4.1""#), "\(first)")
        #expect(try ManifestStore.loadIfPresent(ReleaseList.self, at: folder.url.appendingPathComponent("none")) == nil)
    }

    @Test("hostile lists are refused with line and column: duplicates, unknown fields, option-like revisions, …")
    func hostile() throws {
        let cases: [(String, String, Int)] = [
            (
                #"{"schema":1,"releases":[{"name":"a","file":"x"},"# + "\n" + #"{"name":"a","file":"y"}]}"#,
                "a second release named \"a\"", 2
            ),
            (#"{"schema":1,"releases":[{"name":"a","file":"x","shiped":"2026-01-01"}]}"#, "unknown field", 1),
            (#"{"schema":1,"releases":[{"name":"a","revision":"--output=/tmp/x"}]}"#, "may not start with \"-\"", 1),
            (#"{"schema":1,"releases":[{"name":"a","revision":"v1","file":"x"}]}"#, "not both", 1),
            (#"{"schema":1,"releases":[{"name":"a"}]}"#, "needs \"revision\"", 1),
            (
                #"{"schema":1,"releases":[{"name":"a","file":"x","share":60},{"name":"b","file":"y","share":41}]}"#,
                "more than 100", 1
            ),
            (#"{"schema":1,"releases":[{"name":"a","file":"x","share":-1}]}"#, "outside 0 to 100", 1),
            (#"{"schema":1,"releases":[{"name":"a\u001b[2J","file":"x"}]}"#, "control character", 1),
            (#"{"schema":2,"releases":[]}"#, "schema 2 is not supported", 1),
        ]
        for (text, words, line) in cases {
            let error = try #require(refusal(text), "\(text)")
            #expect(error.code == .invalidSchema, "\(text)")
            #expect(error.description.contains(words), "\(error.description)")
            #expect(error.position?.line == line, "\(error.description)")
            #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B }, "no raw escape in \(error)")
        }
        let many = (0...ReleaseList.maximumCount).map { #"{"name":"r\#($0)","file":"f"}"# }.joined(separator: ",")
        let tooMany = try #require(refusal(#"{"schema":1,"releases":["# + many + "]}"))
        #expect(tooMany.description.contains("more than the 1000"), "\(tooMany.description)")
    }

    @Test("a FIFO as the releases file is refused at once, and an update writes nothing")
    func fifo() throws {
        let path = folder.path("releases.json")
        #expect(mkfifo(path, 0o600) == 0)
        let url = URL(fileURLWithPath: path)
        #expect(throws: ManifestError.self) { try ManifestStore.loadIfPresent(ReleaseList.self, at: url) }
        #expect(throws: (any Error).self) {
            try ManifestStore.update(ReleaseList.self, at: url) { $0.releases = [] }
        }
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }
}
