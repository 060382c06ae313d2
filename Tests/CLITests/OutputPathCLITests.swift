import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every command that writes a file, given one of its own inputs as the output (the same path, a symbolic link, a
/// hard link): refused, the input's bytes unchanged; a fresh path works. Also standard output, a report path that
/// holds another kind of file, and a link another user planted in a shared folder.
@Suite("an output is never an input")
struct OutputPathCLITests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    init() {
        folder.write("good.pem", pki.good.presentedPEM)
        folder.write("root.pem", pki.root.pem)
    }

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    /// A manifest enforcing both keys of good.pem for the test host.
    func writeManifest() async throws {
        // Enforced once both pins are in: the lint gate refuses a single enforced pin.
        for arguments in [["--level", "0"], ["--level", "1", "--mode", "enforce"]] {
            let added = try await run(["pin", "add", pki.host, "--chain", "good.pem"] + arguments)
            #expect(added.status == 0, "\(added.stderrText)")
        }
    }

    /// The input itself, a symbolic link to it and a hard link to it, each a name the output may be given.
    func aliases(of input: String) -> [String] {
        let symbolic = "symlink-to-\(input)"
        let hard = "hardlink-to-\(input)"
        #expect(symlink(folder.path(input), folder.path(symbolic)) == 0)
        #expect(link(folder.path(input), folder.path(hard)) == 0)
        return [input, symbolic, hard]
    }

    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: folder.path(name)) }

    /// Runs `command` with each alias of each input as the output: exit 2, the input named, its bytes unchanged.
    func expectRefused(_ inputs: [String], _ command: (String) -> [String]) async throws {
        for input in inputs {
            let before = try #require(bytes(input))
            for alias in aliases(of: input) {
                let result = try await run(command(alias))
                #expect(result.status == 2, "\(command(alias)): \(result.stderrText)")
                #expect(result.stderrText.contains("this command reads"), "\(alias): \(result.stderrText)")
                #expect(bytes(input) == before, "\(input) changed through \(alias)")
            }
            for alias in ["symlink-to-\(input)", "hardlink-to-\(input)"] {
                try FileManager.default.removeItem(atPath: folder.path(alias))
            }
        }
    }

    @Test("validate --report: the manifest, the chain and the CA bundle, by any name, are refused; a new file works")
    func validateReport() async throws {
        try await writeManifest()
        let command = { (report: String) in
            ["validate", "--host", pki.host, "--chain", "good.pem", "--ca-bundle", "root.pem", "--report", report]
        }
        try await expectRefused(["pins.json", "good.pem", "root.pem"], command)
        let fresh = try await run(command("report.json"))
        #expect(fresh.status == 0, "\(fresh.stderrText)")
        #expect(folder.read("report.json")?.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test("check --report: the manifest and the CA bundle, by any name, are refused; a new file works")
    func checkReport() async throws {
        let server = try await OpenSSLServer.start(.init(pki.good.leaf, chain: [pki.intermediate]))
        defer { server.stop() }
        try await writeManifest()
        // The domain is reached at the local server.
        let text = try #require(bytes("pins.json"))
        var manifest = try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
        var domains = try #require(manifest["domains"] as? [[String: Any]])
        domains[0]["connect"] = "127.0.0.1:\(server.port)"
        manifest["domains"] = domains
        folder.write("pins.json", try JSONSerialization.data(withJSONObject: manifest))
        let command = { (report: String) in
            ["check", "--ca-bundle", "root.pem", "--timeout", "2", "--report", report]
        }
        try await expectRefused(["pins.json", "root.pem"], command)
        let fresh = try await run(command("report.json"))
        #expect(fresh.status == 0, "\(fresh.stderrText)")
        #expect(folder.read("report.json")?.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test("export --output: the manifest and a --chain file, by any name, are refused; a new file works")
    func exportOutput() async throws {
        try await writeManifest()
        try await expectRefused(["pins.json", "good.pem"]) { output in
            ["export", "alamofire", "--chain", "good.pem", "--output", output]
        }
        try await expectRefused(["pins.json"]) { ["export", "android", "--output", $0] }
        let fresh = try await run(["export", "android", "--output", "config.xml"])
        #expect(fresh.status == 0, "\(fresh.stderrText)")
        #expect(folder.read("config.xml")?.contains("<pin-set>") == true)
    }

    @Test("export --output naming one of its own .cer files is refused before anything is written")
    func exportOutputIsCompanion() async throws {
        try await writeManifest()
        let first = try await run(["export", "alamofire", "--chain", "good.pem", "--output", "Trust.swift"])
        #expect(first.status == 0, "\(first.stderrText)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".cer") }
        #expect(names.count == 2, "\(names)")
        let name = try #require(names.first)
        let certificate = try #require(bytes(name))
        let again = try await run(["export", "alamofire", "--chain", "good.pem", "--output", name])
        #expect(again.status == 2, "\(again.stderrText)")
        #expect(again.stderrText.contains("is also where the certificate \(name) goes"), "\(again.stderrText)")
        #expect(bytes(name) == certificate, "the .cer still holds the certificate")
        // A new .cer name that is the output: refused too, and nothing is created.
        try FileManager.default.removeItem(atPath: folder.path(name))
        let fresh = try await run(["export", "alamofire", "--chain", "good.pem", "--output", name])
        #expect(fresh.status == 2, "\(fresh.stderrText)")
        #expect(bytes(name) == nil)
    }

    @Test("--output /dev/stdout and --report /dev/stdout are refused with a clear message, whatever stdout is")
    func standardOutput() async throws {
        try await writeManifest()
        // Standard output is a pipe here.
        let piped = try await run(["export", "android", "--output", "/dev/stdout"])
        #expect(piped.status == 2, "\(piped.stderrText)")
        #expect(piped.stderrText.contains("standard output"), "\(piped.stderrText)")
        #expect(piped.stderrText.contains("leave out --output"), "\(piped.stderrText)")
        // Standard output redirected to a regular file: the file is not replaced behind the shell's back.
        let binary = PinBenchBinary.url.path
        let redirected = try await OffPoolThread.run {
            try ProcessRunner.run(
                "/bin/sh", ["-c", "'\(binary)' export android --output /dev/stdout > out.xml"],
                currentDirectory: folder.url)
        }
        #expect(redirected.status == 2, "\(redirected.stderrText)")
        #expect(redirected.stderrText.contains("standard output"), "\(redirected.stderrText)")
        #expect(bytes("out.xml") == Data())
        let report = try await run([
            "validate", "--host", pki.host, "--chain", "good.pem", "--ca-bundle", "root.pem", "--report", "/dev/stdout",
        ])
        #expect(report.status == 2, "\(report.stderrText)")
        #expect(report.stderrText.contains("standard output"), "\(report.stderrText)")
    }

    @Test("--output and --report naming a FIFO are refused at once (no reader needed), and it stays a FIFO")
    func fifoOutput() async throws {
        try await writeManifest()
        #expect(mkfifo(folder.path("fifo"), 0o600) == 0)
        // A write would block without a reader; the run's own deadline (ProcessRunner) would end the test instead.
        let export = try await run(["export", "android", "--output", "fifo"])
        #expect(export.status == 2, "\(export.stderrText)")
        #expect(export.stderrText.contains("fifo"), "\(export.stderrText)")
        #expect(export.stderrText.contains("not a regular file"), "\(export.stderrText)")
        let report = try await run([
            "validate", "--host", pki.host, "--chain", "good.pem", "--ca-bundle", "root.pem", "--report", "fifo",
        ])
        #expect(report.status == 2, "\(report.stderrText)")
        #expect(report.stderrText.contains("not a regular file"), "\(report.stderrText)")
        var status = stat()
        #expect(lstat(folder.path("fifo"), &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("a report replaces an earlier report only, never a file of another kind")
    func reportKind() async throws {
        try await writeManifest()
        folder.write("notes.txt", "my notes\n")
        folder.write("other.json", #"[{"hostname": "a.test"}]"#)
        let command = { (report: String) in
            ["validate", "--host", pki.host, "--chain", "good.pem", "--ca-bundle", "root.pem", "--report", report]
        }
        for name in ["notes.txt", "other.json"] {
            let before = bytes(name)
            let result = try await run(command(name))
            #expect(result.status == 2, "\(result.stderrText)")
            #expect(result.stderrText.contains("is not a failure report"), "\(result.stderrText)")
            #expect(bytes(name) == before)
        }
        // An earlier report (here empty) is replaced.
        folder.write("earlier.json", "[\n]\n")
        let replaced = try await run(command("earlier.json"))
        #expect(replaced.status == 0, "\(replaced.stderrText)")
        #expect(folder.read("earlier.json") == "[]\n" || folder.read("earlier.json") == "[]")
    }

    @Test("a link another user left in a sticky world-writable folder is not followed; the caller's own is")
    func foreignLinkInSharedFolder() async throws {
        try await writeManifest()
        let shared = folder.path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        #expect(chmod(shared, 0o1777) == 0)
        folder.write("victim.json", "[ ]\n")
        #expect(symlink(folder.path("victim.json"), shared + "/report.json") == 0)
        let nobody: uid_t = 65534
        guard lchown(shared + "/report.json", nobody, gid_t(nobody)) == 0 else {
            Issue.record("cannot give the link to another user (needs root): the rule is not tested here")
            return
        }
        let command = { (report: String) in
            ["validate", "--host", pki.host, "--chain", "good.pem", "--ca-bundle", "root.pem", "--report", report]
        }
        let refused = try await run(command(shared + "/report.json"))
        #expect(refused.status == 2, "\(refused.stderrText)")
        #expect(refused.stderrText.contains("another user"), "\(refused.stderrText)")
        #expect(folder.read("victim.json") == "[ ]\n")
        // The caller's own link in the same folder is followed, as the kernel would.
        #expect(symlink(folder.path("victim.json"), shared + "/mine.json") == 0)
        let followed = try await run(command(shared + "/mine.json"))
        #expect(followed.status == 0, "\(followed.stderrText)")
        #expect(folder.read("victim.json") != "[ ]\n", "written through the caller's own link")
        var info = stat()
        let found = lstat(shared + "/mine.json", &info) == 0
        #expect(found && info.st_mode & S_IFMT == S_IFLNK, "the link stays a link")
    }
}
