import Foundation
import TestSupport
import Testing

/// Errors as a user reads them: the project's own words, one "error:" prefix, what to do next.
@Suite("pinbench error messages")
struct ErrorWordsTests {
    let folder = TemporaryFolder()

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    @Test("an unknown command is named as such, with the nearest command when it is a typo")
    func unknownCommand() async throws {
        let typo = try await run(["chek"])
        #expect(typo.status == 2)
        #expect(typo.stderrText.hasPrefix("error: 'chek' is not a pinbench command. Did you mean 'check'?"))
        #expect(typo.stderrText.contains("Commands: workbench, pins, validate"))
        let unrelated = try await run(["frobnicate", "--json"])
        #expect(unrelated.status == 2)
        #expect(!unrelated.stderrText.contains("Did you mean"))
        #expect(!unrelated.stderrText.contains("Unexpected argument"))
    }

    @Test("usage errors carry one lower-case error prefix")
    func singlePrefix() async throws {
        let result = try await run(["validate", "--host"])
        #expect(result.status == 2)
        #expect(result.stderrText.hasPrefix("error: Missing value for '--host <host>'"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("Error: "))
    }

    @Test("validate without a manifest says that no pins applied")
    func validateWithoutManifest() async throws {
        let pki = TestPKI.shared
        folder.write("good.pem", pki.good.presentedPEM)
        let result = try await run(["validate", "--host", pki.host, "--chain", "good.pem", "--no-system-trust"])
        #expect(result.stderrText.contains("no manifest found"), "\(result.stderrText)")
        #expect(result.stderrText.contains("no pins apply"))
    }

    @Test("a folder, a FIFO or a missing file given as a chain: named once, no doubled words")
    func chainThatIsNoFile() async throws {
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("certs"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.url.appendingPathComponent("pipe.pem").path, 0o600) == 0)
        for (name, phrase) in [("certs", "is a folder"), ("pipe.pem", "not a regular file"), ("gone.pem", "no such")] {
            let result = try await run(["pins", name])
            #expect(result.status == 2)
            #expect(result.stderrText.contains(phrase), "\(result.stderrText)")
            #expect(result.stderrText.contains("certificate chain"), "\(result.stderrText)")
            #expect(!result.stderrText.contains("file file"), "\(result.stderrText)")
        }
    }

    @Test("the workbench without a terminal says where to go instead")
    func workbenchWithoutTerminal() async throws {
        let result = try await run(["--no-fetch"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("needs a terminal"))
        #expect(result.stderrText.contains("pinbench check"))
    }
}
