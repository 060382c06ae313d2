import DemoLab
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// What the workbench holds while its own CT rounds read a log of large entries on 127.0.0.1, measured as the
/// process's maximum resident set size by `/usr/bin/time -v`: the workbench runs the watch's rounds (1,000 entries
/// each, read in proven stretches), so reading six times as much of a log costs it no more memory.
@Suite("pinbench workbench: memory under a log of large entries does not grow with what is read", .serialized)
struct WorkbenchWatchMemoryTests {
    let world = ForecastFixture()

    /// Max RSS in KiB of a workbench that watches `log` until its state file says `entries` were read, then quits.
    func measure(_ log: LabLog, entries: Int, server: LabHTTPServer, name: String) async throws -> Int {
        let url = server.mount(log, at: name)
        let list = "\(name).json"
        world.folder.write(list, try CTLogList(logs: [log.listEntry(description: "Big log", url: url)]).json())
        try? FileManager.default.removeItem(atPath: world.folder.path("ct-watch.json"))
        let timeOutput = world.folder.url.appendingPathComponent("\(name).time")
        let tmux = try TmuxSession.pinbench(
            [
                "workbench", "--manifest", world.folder.path("pins.json"), "--ct-log-list", world.folder.path(list),
                "--ct-interval", "1",
            ], width: 120, height: 35, launcher: ["/usr/bin/time", "-v", "-o", timeOutput.path])
        try await tmux.waitFor("Domains")
        // Every round reads at most 1,000 entries; wait until the state file says the whole log was read.
        let deadline = Date().addingTimeInterval(300)
        while readEntries() < entries {
            guard Date() < deadline else {
                Issue.record(
                    "the workbench read \(readEntries()) of \(entries) entries in 300 s: \(try tmux.capture())")
                break
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(try await tmux.quitWorkbench() == 0)
        let report = (try? String(contentsOf: timeOutput, encoding: .utf8)) ?? ""
        let line = report.split(separator: "\n").first { $0.contains("Maximum resident set size") }
        return line.flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? -1
    }

    /// The entries the state file says were read from the one log it follows (0 until it says so).
    func readEntries() -> Int {
        guard let text = world.folder.read("ct-watch.json"),
            let state = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let logs = state["logs"] as? [[String: Any]], let log = logs.first
        else { return 0 }
        return (log["read"] as? Int) ?? 0
    }

    @Test("1,000 entries of 16 KB and then 6,000 (six rounds): the same memory, within 48 MiB")
    func memoryDoesNotGrowWithWhatIsRead() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            Issue.record("/usr/bin/time (GNU time) is not installed: the workbench's memory cannot be measured here")
            return
        }
        world.writeManifest("pins.json", DomainPolicy(host: world.host, pins: [world.leafKey, world.caKey]))
        let server = try LabHTTPServer()
        defer { server.stop() }
        // A certificate for names nobody pins, about 16 KB: every entry is read, hashed and proven, none judged.
        let names = (0..<400).map { "n\($0)-padding-padding-padding.unpinned.example" }
        let big = try CertificateIssuer.leaf(commonName: "big", dnsNames: names, issuer: world.pki.intermediate)
        #expect(big.der.count > 15_000)
        let small = LabLog(origin: "ct.pinbench.test/small")
        for _ in 0..<1_000 { small.log(big.der, chain: [world.pki.intermediate.der]) }
        small.publish()
        let large = LabLog(origin: "ct.pinbench.test/large")
        for _ in 0..<6_000 { large.log(big.der, chain: [world.pki.intermediate.der]) }
        large.publish()
        let one = try await measure(small, entries: 1_000, server: server, name: "small")
        let six = try await measure(large, entries: 6_000, server: server, name: "large")
        #expect(one > 0 && six > 0)
        // 6,000 entries of 16 KB are 95 MB as served (about 400 MB decoded): kept from round to round, they would
        // show here.
        #expect(six < one + 48 * 1024, "max RSS \(one) KiB after 1,000 entries, \(six) KiB after 6,000")
        print("workbench max RSS: \(one) KiB after 1,000 entries (one round), \(six) KiB after 6,000 (six rounds)")
    }
}
