import Foundation
import LabPKI
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Real `pinbench pin add` processes against one manifest file: run at once, through a symbolic link, and killed
/// with SIGKILL in the middle of a save. Each test prints its figures (for RELIABILITY.md); a longer run for those
/// figures: `PINBENCH_WRITERS=8x25 PINBENCH_KILL_ATTEMPTS=200 swift test --filter ConcurrentWriteTests`.
@Suite("Concurrent and interrupted manifest writes")
struct ConcurrentWriteTests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    init() {
        folder.write("good.pem", pki.good.presentedPEM)
    }

    /// The writers run at a lower priority: dozens of debug-build processes would otherwise take the CPU from the
    /// suite's timing-sensitive tests (hostile servers) on a 2-core machine. Priority changes no outcome here.
    static let nice = "/usr/bin/nice"

    private static func runNiced(_ arguments: [String], in folder: URL) throws -> ProcessRunner.Result {
        try ProcessRunner.run(
            nice, ["-n", "10", PinBenchBinary.url.path] + arguments, currentDirectory: folder, timeout: 120)
    }

    /// Files beside the manifest that a write may leave: its temporary files and its lock file.
    private func leftovers(of manifest: String, in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix(".\(manifest).pinbench-tmp.") || $0 == ".\(manifest).lock"
        }
    }

    @Test(
        "processes running pin add at once on one manifest: every write that exited 0 is in the file, no other",
        arguments: [false, true])
    func concurrentPinAdds(throughLink: Bool) async throws {
        let scale = (ProcessInfo.processInfo.environment["PINBENCH_WRITERS"] ?? "4x6").split(separator: "x")
        let processes = scale.first.flatMap { Int($0) } ?? 4
        let writesEach = scale.last.flatMap { Int($0) } ?? 6
        var targetFolder = folder.url
        if throughLink {
            // pins.json -> config/pins.json, the target private to its owner.
            targetFolder = folder.url.appendingPathComponent("config")
            try FileManager.default.createDirectory(at: targetFolder, withIntermediateDirectories: true)
            try Data(#"{"schema": 1, "domains": []}"#.utf8).write(to: targetFolder.appendingPathComponent("pins.json"))
            #expect(chmod(targetFolder.appendingPathComponent("pins.json").path, 0o600) == 0)
            #expect(symlink("config/pins.json", folder.path("pins.json")) == 0)
        }
        let folderURL = folder.url
        let runs = try await withThrowingTaskGroup(of: [(host: String, status: Int32, stderr: String)].self) { group in
            for process in 0..<processes {
                group.addTask {
                    try await OffPoolThread.run {
                        try (0..<writesEach).map { index in
                            let host = "p\(process)-w\(index).pinbench.test"
                            let result = try Self.runNiced(
                                ["pin", "add", host, "--chain", "good.pem", "--level", "0", "-m", "pins.json"],
                                in: folderURL)
                            return (host, result.status, result.stderrText)
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let succeeded = runs.filter { $0.status == 0 }
        // A writer that waits out the lock's timeout (10 s: a loaded machine and a niced debug build can reach it) is
        // refused by design, naming the holder and writing nothing. Any other failure is a fault.
        let lockedOut = runs.filter { $0.status != 0 && $0.stderr.contains("holds the manifest's lock") }
        for failed in runs where failed.status != 0 && !failed.stderr.contains("holds the manifest's lock") {
            Issue.record("\(failed.host): \(failed.stderr)")
        }
        #expect(succeeded.count >= processes, "too few writes went through: \(succeeded.count)")
        let refusedHosts = Set(lockedOut.map(\.host))
        let target = targetFolder.appendingPathComponent("pins.json")
        let hosts = Set(try ManifestStore.load(target).manifest.domains.map(\.host))
        let lost = succeeded.filter { !hosts.contains($0.host) }
        #expect(runs.count == processes * writesEach)
        #expect(lost.isEmpty, "lost: \(lost.map(\.host))")
        #expect(hosts.count == succeeded.count)
        #expect(hosts.isDisjoint(with: refusedHosts), "a refused write reached the file")
        #expect(try leftovers(of: "pins.json", in: targetFolder).isEmpty)
        if throughLink {
            let kind = try FileManager.default.attributesOfItem(atPath: folder.path("pins.json"))[.type]
            #expect(kind as? FileAttributeType == .typeSymbolicLink)
            let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
        }
        print(
            "concurrent pin add\(throughLink ? " (through a symlink)" : ""): \(processes) processes × \(writesEach) "
                + "writes, \(succeeded.count) exited 0, \(lockedOut.count) refused on the lock's timeout, "
                + "\(lost.count) lost, \(hosts.count) domains in the file")
    }

    /// Large enough that a save takes a few milliseconds (1.2 MiB), small enough to keep the suite's CPU share low.
    static let largeDomainCount = 2000

    /// A manifest of `count` enforced domains, each with an active and a backup pin: large enough that a save
    /// takes measurable time, and clean under lint so the gate lets every write through.
    private static func largeManifest(domains count: Int) -> Data {
        let active = Data(repeating: 1, count: 32).base64EncodedString()
        let backup = Data(repeating: 2, count: 32).base64EncodedString()
        let domains = (0..<count).map { index in
            DomainPolicy(
                host: "host\(index).large.pinbench.test", mode: .enforce,
                pins: [
                    Pin(type: .spkiSHA256, value: active, label: "leaf key of host \(index)"),
                    Pin(type: .spkiSHA256, value: backup, role: .backup, note: "spare key, kept offline"),
                ])
        }
        return ManifestCodec.encode(PinManifest(domains: domains))
    }

    @Test("kill -9 during saves: the file is always the old or a new complete manifest; stale temporaries go")
    func killedWriters() async throws {
        let manifest = "big.json"
        let url = folder.url.appendingPathComponent(manifest)
        let folderURL = folder.url
        // Encoding, decoding and waiting on processes all run off the cooperative pool.
        let size = try await OffPoolThread.run {
            let data = Self.largeManifest(domains: Self.largeDomainCount)
            try data.write(to: url)
            return data.count / 1024
        }
        let attempts = ProcessInfo.processInfo.environment["PINBENCH_KILL_ATTEMPTS"].flatMap { Int($0) } ?? 20
        let figures = try await OffPoolThread.run {
            try Self.killWritersRepeatedly(attempts: attempts, manifest: manifest, in: folderURL)
        }
        #expect(figures.torn == 0)
        #expect(figures.old + figures.new == attempts)
        // The next successful write clears what the killed ones left.
        let final = try await PinBenchBinary.run(
            ["pin", "add", "after.pinbench.test", "--chain", "good.pem", "--level", "0", "-m", manifest],
            in: folderURL)
        #expect(final.status == 0, "\(final.stderrText)")
        #expect(try leftovers(of: manifest, in: folderURL).isEmpty)
        let written = try await OffPoolThread.run { try ManifestStore.load(url).manifest }
        #expect(written.policy(for: "after.pinbench.test") != nil)
        print(
            "kill -9 during pin add (\(Self.largeDomainCount)-domain manifest, \(size) KiB): "
                + "\(attempts) attempts, file old \(figures.old), new \(figures.new), torn \(figures.torn); "
                + "killed while a temporary file existed: \(figures.killedMidWrite); left behind after a kill: "
                + "\(figures.leftBehind) temporary files, all removed by the next write")
    }

    struct KillFigures: Sendable {
        var old = 0
        var new = 0
        var torn = 0
        var killedMidWrite = 0
        var leftBehind = 0
    }

    /// Starts `pin add` and kills it with SIGKILL: on odd attempts as soon as its temporary file appears (inside
    /// the save), on even ones after a random delay (anywhere in its run). Then classifies the file.
    private static func killWritersRepeatedly(attempts: Int, manifest: String, in folder: URL) throws -> KillFigures {
        let url = folder.appendingPathComponent(manifest)
        let temporaryPrefix = ".\(manifest).pinbench-tmp."
        var figures = KillFigures()
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<attempts {
            let before = try Data(contentsOf: url)
            let host = "killed\(attempt).pinbench.test"
            let process = Process()
            // nice execs pinbench in the same process, so the SIGKILL below reaches pinbench itself.
            process.executableURL = URL(fileURLWithPath: Self.nice)
            process.arguments =
                ["-n", "10", PinBenchBinary.url.path, "pin", "add", host, "--chain", "good.pem", "--level", "0", "-m"]
                + [manifest]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try FoundationLaunch.serialized { try process.run() }
            var sawTemporary = false
            if attempt % 2 == 1 {
                let deadline = Date().addingTimeInterval(30)
                while process.isRunning && Date() < deadline {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                    if names.contains(where: { $0.hasPrefix(temporaryPrefix) }) {
                        sawTemporary = true
                        break
                    }
                    usleep(200)
                }
            } else {
                usleep(UInt32.random(in: 0...1_500_000, using: &generator))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if sawTemporary { figures.killedMidWrite += 1 }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            figures.leftBehind += names.filter { $0.hasPrefix(temporaryPrefix) }.count

            let after = try Data(contentsOf: url)
            if after == before {
                figures.old += 1
                continue
            }
            let was = try ManifestCodec.decode(before, path: manifest)
            guard let now = try? ManifestCodec.decode(after, path: manifest),
                now.domains.count == was.domains.count + 1, now.policy(for: host) != nil
            else {
                figures.torn += 1
                continue
            }
            figures.new += 1
        }
        return figures
    }
}
