import Foundation
import TestSupport
import Testing

/// `export` of a configuration the client itself would refuse: an error that writes nothing, unless
/// `--allow-invalid`.
@Suite("export refuses what the client would refuse")
struct ExportRefusalCLITests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    init() {
        folder.write("good.pem", pki.good.presentedPEM)
    }

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    func pin(level: String) async throws {
        let added = try await run(["pin", "add", pki.host, "--chain", "good.pem", "--level", level])
        #expect(added.status == 0, "\(added.stderrText)")
    }

    @Test(
        "one key pin: trustkit and hpkp exit 1 and write nothing; --allow-invalid writes it; two pins pass",
        arguments: [("trustkit", "TrustKit needs at least two"), ("hpkp", "without a backup pin")])
    func fewerThanTwoPins(format: String, reason: String) async throws {
        try await pin(level: "0")
        let refused = try await run(["export", format])
        #expect(refused.status == 1, "\(refused.stderrText)")
        #expect(refused.stdout.isEmpty, "nothing written to stdout: \(refused.stdoutText)")
        #expect(refused.stderrText.contains("error: \(pki.host)"), "\(refused.stderrText)")
        #expect(refused.stderrText.contains(reason), "\(refused.stderrText)")
        #expect(refused.stderrText.contains("--allow-invalid"), "\(refused.stderrText)")

        let toFile = try await run(["export", format, "--output", "out.txt"])
        #expect(toFile.status == 1, "\(toFile.stderrText)")
        #expect(folder.read("out.txt") == nil, "no file written")

        let allowed = try await run(["export", format, "--output", "out.txt", "--allow-invalid"])
        #expect(allowed.status == 0, "\(allowed.stderrText)")
        #expect(allowed.stderrText.contains("warning: \(pki.host)"), "the reason is still said: \(allowed.stderrText)")
        #expect(folder.read("out.txt")?.isEmpty == false)

        try await pin(level: "1")
        let valid = try await run(["export", format])
        #expect(valid.status == 0, "\(valid.stderrText)")
        #expect(!valid.stderrText.contains("error:"), "\(valid.stderrText)")
    }

    @Test("--help and the exports page (docs/exports.md) name --allow-invalid")
    func documented() async throws {
        let help = try await run(["export", "--help"])
        #expect(help.stdoutText.contains("--allow-invalid"), "\(help.stdoutText)")
        let exports = try String(
            contentsOf: PythonInterpreter.packageRoot.appendingPathComponent("docs/exports.md"), encoding: .utf8)
        #expect(exports.contains("--allow-invalid"))
    }
}
