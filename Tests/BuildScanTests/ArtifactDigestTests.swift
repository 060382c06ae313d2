import BuildScan
import Foundation
import TestSupport
import Testing

/// ``ArtifactDigest``: the SHA-256 a release taken from a build records, as `sha256sum` computes a file's and Python's
/// `hashlib` the folder rule; a folder past the scan's bounds refused, naming the file.
@Suite("Artifact digest: the SHA-256 a release from a build records")
struct ArtifactDigestTests {
    @Test("a file's is sha256sum's, read a megabyte at a time")
    func file() async throws {
        let folder = TemporaryFolder()
        let bytes = (0..<(3 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let path = folder.write("app.apk", Data(bytes))
        let sum = try await OffPoolThread.run { try ProcessRunner.run("/usr/bin/sha256sum", [path]).checked() }
        #expect(try ArtifactDigest.sha256(path: path) == String(sum.stdoutText.prefix(64)))
        #expect(throws: ScanError.self) { try ArtifactDigest.sha256(path: folder.path("absent.apk")) }
    }

    @Test("a folder's is the hash of its files' names and hashes in name order; past the bytes bound it is refused")
    func appFolder() async throws {
        let folder = TemporaryFolder()
        let app = folder.url.appendingPathComponent("App.app")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Frameworks"), withIntermediateDirectories: true)
        folder.write("App.app/Info.plist", "plist")
        folder.write("App.app/App", Data(repeating: 7, count: 5_000))
        folder.write("App.app/Frameworks/x.cer", "cert")
        let script = """
            import hashlib, os, sys
            root = sys.argv[1]
            names = sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs)
            outer = hashlib.sha256()
            for name in names:
                outer.update(name.encode() + b"\\0" + hashlib.sha256(open(os.path.join(root, name), "rb").read()).digest())
            print(outer.hexdigest())
            """
        let python = try await OffPoolThread.run {
            try ProcessRunner.run(PythonInterpreter.path, PythonInterpreter.arguments + ["-c", script, app.path])
                .checked()
        }
        let digest = try ArtifactDigest.sha256(path: app.path)
        #expect(digest == python.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines))
        var small = ScanLimits()
        small.totalBytes = 4_000
        #expect(throws: ScanError(.limit, entry: "App", "")) {
            try ArtifactDigest.sha256(path: app.path, limits: small)
        }
    }
}
