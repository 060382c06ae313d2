import CTWatch
import Foundation
import ManifestFiles
import PinningCore
import TestSupport
import Testing
import TransparencyLog

/// Which logs the watch reads, and where it keeps its position: a log URL it may not read, or one the list does not
/// hold, is refused before any request; the state file never replaces an input.
@Suite("Watch setup")
struct WatchSetupTests {
    struct NoTransport: LogTransport {
        func get(_ path: String, maximumBytes: Int) async throws(LogFailure) -> Data {
            throw .unreachable("not used")
        }
    }

    func log(_ name: String, url: String, state: String? = "usable") -> CTLogList.Log {
        CTLogList.Log(
            description: name, operatorName: "op", logID: Array(repeating: UInt8(name.count), count: 32),
            key: [1, 2, 3], url: url, state: state)
    }

    func select(_ logs: [CTLogList.Log], urls: [String] = []) throws(WatchSetupError) -> [WatchedLog] {
        try WatchSetup.logs(
            list: CTLogList(logs: logs), urls: urls, timeout: 1, batch: 10, listName: "list.json"
        ) { _, _ in NoTransport() }
    }

    @Test("usable logs are chosen, retired ones left out; a loopback http log is read and said to be plain")
    func chooses() throws {
        let chosen = try select([
            log("A", url: "https://a.example/log"), log("B", url: "https://b.example/", state: "retired"),
            log("Local", url: "http://127.0.0.1:8080/"),
        ])
        #expect(chosen.map(\.name) == ["A", "Local"])
        #expect(chosen.map(\.plainHTTP) == [false, true])
    }

    @Test("plain http off loopback, a URL the list does not hold, and a list with no usable log are refused")
    func refusals() {
        let plain = #expect(throws: WatchSetupError.self) { try select([log("A", url: "http://a.example/")]) }
        #expect(plain?.message.contains("plain http:// on a loopback address only") == true)
        let unknown = #expect(throws: WatchSetupError.self) {
            try select([log("A", url: "https://a.example/")], urls: ["https://z.example/"])
        }
        #expect(unknown?.message.contains("is not a log of the log list") == true)
        let none = #expect(throws: WatchSetupError.self) {
            try select([log("A", url: "https://a.example/", state: "retired")])
        }
        #expect(none?.message == "list.json lists no log to watch")
    }

    @Test("a state file that is the log list is refused; a new one beside the manifest is taken")
    func stateFile() throws {
        let folder = TemporaryFolder()
        let manifest = folder.url.appendingPathComponent("pins.json")
        let state = WatchState.url(besideManifest: manifest)
        _ = folder.write(state.lastPathComponent, "{}")
        let error = #expect(throws: WatchSetupError.self) {
            try WatchSetup.checkStateFile(besideManifest: manifest, logList: state.path)
        }
        #expect(error?.message.contains("the watch keeps its position there") == true, "\(String(describing: error))")
        try WatchSetup.checkStateFile(besideManifest: manifest, logList: folder.path("list.json"))
    }
}
