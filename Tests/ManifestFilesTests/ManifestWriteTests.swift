import Foundation
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

/// The one write path: locked read-modify-write, symbolic links followed, owner and mode kept, temporary files of
/// dead writers cleared, and errors in the project's words.
@Suite("Manifest writes")
struct ManifestWriteTests {
    let folder = TemporaryFolder()
    var url: URL { folder.url.appendingPathComponent("pins.json") }

    private func addDomain(_ host: String, to url: URL) throws {
        try ManifestStore.update(at: url) { manifest in
            _ = ManifestEditor.addDomain(DomainPolicy(host: host), to: &manifest)
        }
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
    }

    @Test("update reads the file as it is now, writes only a changed manifest, and leaves nothing beside it")
    func updateReadsFresh() throws {
        try addDomain("a.test", to: url)
        // Someone else's edit between two updates is kept: the next update starts from the file, not a copy.
        try Data(#"{"schema": 1, "domains": [{"host": "a.test"}, {"host": "theirs.test"}]}"#.utf8).write(to: url)
        try addDomain("b.test", to: url)
        #expect(try ManifestStore.load(url).manifest.domains.map(\.host) == ["a.test", "b.test", "theirs.test"])
        #expect(try names() == ["pins.json"])

        let before = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        let result = try ManifestStore.update(at: url) { manifest in
            ManifestEditor.addDomain(DomainPolicy(host: "a.test"), to: &manifest)
        }
        #expect(!result.didChange)
        let after = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        #expect(before == after, "an unchanged manifest was rewritten")
    }

    @Test("the gate sees the edited manifest under the lock and can refuse; an edit that throws writes nothing")
    func gateAndThrowingEdit() throws {
        try addDomain("a.test", to: url)
        let before = folder.read("pins.json")
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try ManifestStore.update(
                at: url,
                beforeWriting: { manifest in
                    #expect(manifest.domains.map(\.host) == ["a.test", "b.test"])
                    throw Refused()
                }
            ) { manifest in
                _ = ManifestEditor.addDomain(DomainPolicy(host: "b.test"), to: &manifest)
            }
        }
        #expect(throws: Refused.self) {
            try ManifestStore.update(at: url) { manifest in
                manifest.domains.removeAll()
                throw Refused()
            }
        }
        #expect(folder.read("pins.json") == before)
        #expect(try names() == ["pins.json"])
        #expect {
            try ManifestStore.update(at: folder.url.appendingPathComponent("none.json"), createIfMissing: false) {
                _ in
            }
        } throws: { ($0 as? ManifestError)?.code == .notFound }
    }

    @Test("threads updating one manifest at once lose no update")
    func concurrentUpdatesInOneProcess() async throws {
        let url = self.url
        let writers = 6
        let each = 15
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    try await OffPoolThread.run {
                        for index in 0..<each {
                            // The test is about lost updates, not waiting: a loaded machine (fsync behind other
                            // writes to the disk) can hold a writer past the default 10 s, which refuses by design.
                            try ManifestStore.update(at: url, lockTimeout: .seconds(300)) { manifest in
                                _ = ManifestEditor.addDomain(
                                    DomainPolicy(host: "w\(writer)-\(index).test"), to: &manifest)
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let hosts = Set(try ManifestStore.load(url).manifest.domains.map(\.host))
        #expect(hosts.count == writers * each)
        #expect(try names() == ["pins.json"])
    }

    @Test("a symbolic link is written through: relative links and chains, the link stays, mode and owner kept")
    func symbolicLinks() throws {
        let config = folder.url.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let target = config.appendingPathComponent("pins.json")
        try Data(#"{"schema": 1, "domains": [{"host": "old.test"}]}"#.utf8).write(to: target)
        #expect(chmod(target.path, 0o600) == 0)
        let owned = geteuid() == 0
        if owned { #expect(chown(target.path, 65534, 65534) == 0) }
        // pins.json -> link.json -> config/pins.json, both relative.
        #expect(symlink("config/pins.json", folder.path("link.json")) == 0)
        #expect(symlink("link.json", folder.path("pins.json")) == 0)

        try addDomain("new.test", to: url)

        for link in ["pins.json", "link.json"] {
            let kind = try FileManager.default.attributesOfItem(atPath: folder.path(link))[.type] as? FileAttributeType
            #expect(kind == .typeSymbolicLink, "\(link) is no longer a link")
        }
        #expect(try ManifestStore.load(target).manifest.domains.map(\.host) == ["new.test", "old.test"])
        #expect(try mode(target.path) == 0o600)
        if owned {
            var info = stat()
            #expect(stat(target.path, &info) == 0)
            #expect(info.st_uid == 65534 && info.st_gid == 65534)
        }
        #expect(try names() == ["config", "link.json", "pins.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: config.path) == ["pins.json"])

        // A link to a file not written yet: the file is created at the target, the link kept.
        #expect(symlink("config/later.json", folder.path("later.json")) == 0)
        try addDomain("later.test", to: folder.url.appendingPathComponent("later.json"))
        #expect(try ManifestStore.load(config.appendingPathComponent("later.json")).manifest.domains.count == 1)
        #expect(
            try FileManager.default.attributesOfItem(atPath: folder.path("later.json"))[.type] as? FileAttributeType
                == .typeSymbolicLink)
    }

    @Test("a loop of links is refused in words, and nothing is written")
    func linkLoop() throws {
        #expect(symlink("b.json", folder.path("a.json")) == 0)
        #expect(symlink("a.json", folder.path("b.json")) == 0)
        #expect {
            try addDomain("x.test", to: folder.url.appendingPathComponent("a.json"))
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(folder.path("a.json") + ": ") && text.contains("symbolic links in a row")
        }
        #expect(try names() == ["a.json", "b.json"])
    }

    @Test("a lock file planted as a hard link, a symbolic link or a FIFO is refused; the file it names is untouched")
    func plantedLockFiles() throws {
        let precious = folder.write("precious.txt", "precious\n")
        let lockPath = folder.path(".pins.json.lock")
        let plants: [(String, () -> Int32, String)] = [
            ("hard link", { link(precious, lockPath) }, "not a plain file"),
            ("symbolic link", { symlink(precious, lockPath) }, "is a symbolic link"),
            ("FIFO", { mkfifo(lockPath, 0o600) }, "not a plain file"),
        ]
        for (kind, plant, phrase) in plants {
            #expect(plant() == 0, "\(kind)")
            #expect(throws: ManifestError.self, "\(kind)") { try addDomain("x.test", to: url) }
            do {
                try addDomain("x.test", to: url)
            } catch {
                #expect("\(error)".contains(phrase) && "\(error)".contains(lockPath), "\(kind): \(error)")
            }
            #expect(folder.read("precious.txt") == "precious\n", "\(kind)")
            #expect(!FileManager.default.fileExists(atPath: url.path), "\(kind)")
            #expect(unlink(lockPath) == 0)
        }
        try addDomain("x.test", to: url)
        #expect(try names() == ["pins.json", "precious.txt"])
    }

    @Test("a writer that cannot get the lock in time names the lock file and its holder, and writes nothing")
    func lockTimeout() async throws {
        // The waits block their thread: off the cooperative pool.
        try await OffPoolThread.run { try lockTimeoutBlocking() }
    }

    private func lockTimeoutBlocking() throws {
        try addDomain("a.test", to: url)
        let before = folder.read("pins.json")
        let lockPath = folder.path(".pins.json.lock")
        let held = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(held >= 0)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { write(held, $0, strlen($0)) }

        #expect {
            try ManifestStore.update(at: url, lockTimeout: .milliseconds(300)) { manifest in
                _ = ManifestEditor.addDomain(DomainPolicy(host: "b.test"), to: &manifest)
            }
        } throws: { error in
            let text = "\(error)"
            return (error as? ManifestError)?.code == .locked && text.contains(lockPath)
                && text.contains("process \(getpid())") && text.contains("nothing was written")
        }
        #expect {
            try ManifestStore.save(try ManifestStore.load(url), lockTimeout: .milliseconds(100))
        } throws: { ($0 as? ManifestError)?.code == .locked }
        #expect(folder.read("pins.json") == before)
        flock(held, LOCK_UN)
        try addDomain("b.test", to: url)
        #expect(try ManifestStore.load(url).manifest.domains.count == 2)
    }

    @Test("temporary files of dead writers are removed by the next write; live ones and other files are not")
    func staleTemporaries() async throws {
        try addDomain("a.test", to: url)
        let dead = try await OffPoolThread.run { try ProcessRunner.run("/bin/sh", ["-c", "echo $$"]) }.stdoutText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let stale = ".pins.json.pinbench-tmp.\(dead).1a2b"
        let live = ".pins.json.pinbench-tmp.1.3c4d"  // pid 1 is alive
        let otherManifest = ".other.json.pinbench-tmp.\(dead).5e6f"
        let unrelated = ".pins.json.pinbench-tmp.notapid.7a8b"
        for name in [stale, live, otherManifest, unrelated] { folder.write(name, "partial") }
        try addDomain("b.test", to: url)
        #expect(try names() == [live, otherManifest, unrelated, "pins.json"].sorted())
    }

    @Test("read and write failures are told in words with the path, never Foundation's")
    func errorsInOwnWords() throws {
        let subfolder = folder.url.appendingPathComponent("a-folder")
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
        var messages: [String] = []
        do { _ = try ManifestStore.load(subfolder) } catch { messages.append(error.description) }
        do { try addDomain("x.test", to: subfolder) } catch { messages.append("\(error)") }
        let missingFolder = folder.url.appendingPathComponent("missing/pins.json")
        do { try addDomain("x.test", to: missingFolder) } catch { messages.append("\(error)") }
        // /proc exists but refuses new files with ENOENT: not "the folder does not exist".
        do { try addDomain("x.test", to: URL(fileURLWithPath: "/proc/version")) } catch { messages.append("\(error)") }
        #expect(messages.count == 4)
        #expect(messages[3].contains("no file can be created in /proc"), "\(messages[3])")
        #expect(messages[0] == "\(subfolder.path): is a folder; give the manifest file inside it")
        #expect(messages[1].hasPrefix(subfolder.path + ": "))
        #expect(messages[2].hasPrefix(missingFolder.path + ": ") && messages[2].contains("does not exist"))
        for message in messages {
            #expect(
                !message.contains("NSCocoaErrorDomain") && !message.contains("could not be completed"), "\(message)")
        }
    }
}
