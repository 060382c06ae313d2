import Foundation
import PinningCore
import TestSupport
import Testing

/// Hostile releases files: refused with file, line and column by every command that reads them, and never
/// rewritten.
@Suite("pinbench release: hostile releases files")
struct ReleaseHostileFileTests {
    let world = ForecastFixture()

    static func entry(_ name: String, extra: String = "") -> String {
        "{\"name\": \"\(name)\", \"file\": \"a.json\", \"format\": \"manifest\"\(extra)}"
    }

    static func file(_ entries: [String]) -> String {
        "{\n  \"schema\": 1,\n  \"releases\": [\n    " + entries.joined(separator: ",\n    ") + "\n  ]\n}\n"
    }

    /// Each hostile file and a piece of the message it must be refused with.
    static let cases: [(String, String, String)] = [
        ("duplicate names", file([entry("4.1"), entry("4.1")]), "a second release named \"4.1\""),
        ("an unknown field", file([entry("4.1", extra: ", \"pins\": []")]), "pins"),
        (
            "an option-like revision", file(["{\"name\": \"4.1\", \"revision\": \"--output=x\"}"]),
            "may not start with \"-\""
        ),
        ("10,000 entries", file((0..<10_000).map { entry("r\($0)") }), "more than the 1000"),
    ]

    @Test("duplicate names, unknown fields, an option-like revision, 10,000 entries: located, and the file unchanged")
    func refusedWithLocation() async throws {
        world.writeManifest("a.json", world.releaseManifests["leaf-only.json"]!)
        for (what, text, reason) in Self.cases {
            world.folder.write("releases.json", text)
            for command in [
                ["release", "add", "new", "--from", "a.json"], ["release", "list"], ["release", "remove", "4.1"],
                ["forecast"] + ForecastFixture.trust + ["--served", "\(world.host)=good.pem"],
            ] {
                let result = try await world.run(command)
                #expect(result.status == 2, "\(what): \(command)")
                // releases.json:LINE:COLUMN: the reason
                let located = result.stderrText.range(
                    of: #"releases\.json:[0-9]+:[0-9]+: "#, options: .regularExpression)
                #expect(located != nil, "\(what): \(command): \(result.stderrText)")
                #expect(result.stderrText.contains(reason), "\(what): \(result.stderrText)")
                #expect(world.folder.read("releases.json") == text, "\(what): \(command)")
            }
        }
    }

    @Test("a FIFO in place of the releases file is refused without being opened for reading, and stays a FIFO")
    func fifo() async throws {
        world.writeManifest("a.json", world.releaseManifests["leaf-only.json"]!)
        let path = world.folder.path("releases.json")
        #expect(mkfifo(path, 0o600) == 0)
        for command in [["release", "add", "new", "--from", "a.json"], ["release", "list"]] {
            let result = try await world.run(command)
            #expect(result.status == 2, "\(command)")
            #expect(result.stderrText.contains("releases.json"), "\(result.stderrText)")
            var info = stat()
            #expect(lstat(path, &info) == 0)
            #expect(info.st_mode & S_IFMT == S_IFIFO, "still a FIFO, never replaced by a file")
        }
    }
}
