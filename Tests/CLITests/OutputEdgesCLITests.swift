import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What reaches the terminal and where key files go: invisible format characters escaped, messages that read
/// right, and `backup-key --out` that cannot be redirected through a link.
@Suite("output edges: invisible characters, wording, key folders")
struct OutputEdgesCLITests {
    let folder = TemporaryFolder()

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    @Test("format characters in a message reach stderr as visible escapes, never raw")
    func formatCharactersEscaped() async throws {
        let invisible: [Unicode.Scalar] = ["\u{200C}", "\u{200D}", "\u{AD}", "\u{180E}", "\u{FFF9}", "\u{2062}"]
        let name = "missing" + String(String.UnicodeScalarView(invisible)) + ".pem"
        let result = try await run(["pins", name])
        #expect(result.status == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains(#"missing\u{200C}\u{200D}\u{AD}\u{180E}\u{FFF9}\u{2062}.pem"#))
        for scalar in invisible {
            #expect(!result.stderrText.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) raw")
        }
    }

    @Test("a file over the size limit is named with the right article (no \"a Android\")")
    func articleInSizeMessage() async throws {
        let path = folder.path("network_security_config.xml")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("<x/>".utf8)))
        #expect(truncate(path, 2 << 20) == 0)  // sparse: 2 MiB, over the importer's 1 MiB
        let result = try await run(["import", "android", "network_security_config.xml", "--dry-run"])
        #expect(result.status == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("the size limit for the Android"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("a Android"), "\(result.stderrText)")
    }

    @Test("backup-key --out a symbolic link to a folder is refused; nothing is written where it points")
    func backupKeyOutLink() async throws {
        let real = folder.path("real-keys")
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
        #expect(symlink(real, folder.path("keys")) == 0)
        let refused = try await run(["backup-key", "a.pinbench.test", "--algorithm", "p256", "--out", "keys"])
        #expect(refused.status == 2, "\(refused.stderrText)")
        #expect(refused.stderrText.contains("is a symbolic link"), "\(refused.stderrText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: real).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("pins.json")), "the manifest is not written")

        let written = try await run(["backup-key", "a.pinbench.test", "--algorithm", "p256", "--out", "real-keys"])
        #expect(written.status == 0, "\(written.stderrText)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: real).sorted() == [
                "a.pinbench.test.p256.csr.pem", "a.pinbench.test.p256.key.pem",
            ])
    }
}
