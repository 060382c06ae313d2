import Foundation
import ManifestEditing
import PinningCore
import TestSupport
import Testing

/// `pinbench workbench --ct-log-list FILE`: the log list is read, and the state file checked, before the terminal
/// opens, so a bad list or a state file that would replace an input is a clear error that changes nothing.
@Suite("pinbench workbench --ct-log-list")
struct WatchWorkbenchOptionTests {
    let folder = TemporaryFolder()

    init() {
        folder.write("pins.json", ManifestCodec.encode(PinManifest(domains: [DomainPolicy(host: "api.example.com")])))
    }

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(["workbench", "--no-fetch"] + arguments, in: folder.url)
    }

    @Test("a log list that cannot be read is named, before the terminal is asked for")
    func unreadableList() async throws {
        let missing = try await run(["--ct-log-list", "nope.json"])
        #expect(missing.status == 2)
        #expect(missing.stderrText.contains("nope.json"), "\(missing.stderrText)")
        #expect(!missing.stderrText.contains("needs a terminal"), "\(missing.stderrText)")
        folder.write("broken.json", "{\"logs\": [")
        let broken = try await run(["--ct-log-list", "broken.json"])
        #expect(broken.status == 2)
        #expect(broken.stderrText.contains("broken.json"), "\(broken.stderrText)")
    }

    @Test("the watch's state file may not be the log list itself")
    func stateFileIsNotAnInput() async throws {
        folder.write("ct-watch.json", "{\"version\": 3, \"operators\": []}")
        let result = try await run(["--ct-log-list", "ct-watch.json"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("ct-watch.json"), "\(result.stderrText)")
        #expect(folder.read("ct-watch.json") == "{\"version\": 3, \"operators\": []}")
    }

    @Test("--ct-interval below a second is refused")
    func interval() async throws {
        let result = try await run(["--ct-log-list", "nope.json", "--ct-interval", "0.5"])
        #expect(result.status != 0)
        #expect(
            result.stderrText.contains("--ct-interval 0.5 is out of range: give 1 to 604800 seconds"),
            "\(result.stderrText)")
    }
}
