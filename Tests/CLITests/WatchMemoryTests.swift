import DemoLab
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// What `pinbench watch --once` holds while it reads a log of large entries on 127.0.0.1, measured as the process's
/// maximum resident set size by `/usr/bin/time -v`: a round reads in proven stretches, so what it holds does not
/// grow with `--batch`.
@Suite("pinbench watch: memory does not grow with --batch", .serialized)
struct WatchMemoryTests {
    let world = ForecastFixture()
    static let entries = 6_000

    /// Max RSS in KiB of one `watch --once` from the log's start with `batch`, and its exit status.
    func measure(batch: Int) throws -> (kilobytes: Int, status: Int32, stderr: String) {
        try? FileManager.default.removeItem(atPath: world.folder.path("ct-watch.json"))
        let result = try ProcessRunner.run(
            "/usr/bin/time",
            ["-v", PinBenchBinary.url.path, "watch", "--ct-log-list", "logs.json", "--once", "--batch", "\(batch)"],
            currentDirectory: world.folder.url, timeout: 600)
        let line = result.stderrText.split(separator: "\n").first { $0.contains("Maximum resident set size") }
        let kilobytes = line.flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
        return (kilobytes ?? -1, result.status, result.stderrText)
    }

    @Test("6,000 entries of 16 KB read with --batch 1000 and --batch 6000: the same memory, within 48 MiB")
    func memoryIsBoundedByStretches() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            Issue.record("/usr/bin/time (GNU time) is not installed: the memory of a round cannot be measured here")
            return
        }
        try await world.shippedReleases()
        let server = try LabHTTPServer()
        defer { server.stop() }
        let log = LabLog(origin: "ct.pinbench.test/big")
        let url = server.mount(log, at: "big")
        world.folder.write("logs.json", try CTLogList(logs: [log.listEntry(description: "Big log", url: url)]).json())
        // A certificate for names nobody pins, about 16 KB: every entry is read, hashed and proven, none judged.
        let names = (0..<400).map { "n\($0)-padding-padding-padding.unpinned.example" }
        let big = try CertificateIssuer.leaf(commonName: "big", dnsNames: names, issuer: world.pki.intermediate)
        #expect(big.der.count > 15_000)
        for _ in 0..<Self.entries { log.log(big.der, chain: [world.pki.intermediate.der]) }
        log.publish()
        let small = try measure(batch: 1000)
        let large = try measure(batch: Self.entries)
        #expect(small.status == 0 && large.status == 0, "\(small.stderr)\n\(large.stderr)")
        #expect(large.stderr.contains("read 6000 of 6000 entries"), "\(large.stderr)")
        #expect(small.kilobytes > 0 && large.kilobytes > 0, "\(large.stderr)")
        // 6,000 entries of 16 KB are 95 MB as served (about 400 MB decoded): held at once, they would show here.
        #expect(
            large.kilobytes < small.kilobytes + 48 * 1024,
            "max RSS \(small.kilobytes) KiB at --batch 1000, \(large.kilobytes) KiB at --batch \(Self.entries)")
        print("watch max RSS: \(small.kilobytes) KiB at --batch 1000, \(large.kilobytes) KiB at --batch 6000")
    }
}
