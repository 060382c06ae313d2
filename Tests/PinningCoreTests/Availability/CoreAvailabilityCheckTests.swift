import Foundation
import TestSupport
import Testing

/// `scripts/check-core-availability.py` (no Apple SDK here, so no compiler says that `Mutex` needs iOS 18): the core
/// as it is passes, and a copy of it with a forbidden use fails with the file, the line and the API's minimum, so the
/// check cannot rot into one that passes everything.
@Suite("core availability: PinningCore uses no API newer than the platforms Package.swift declares")
struct CoreAvailabilityCheckTests {
    let root = PythonInterpreter.packageRoot
    var script: String { root.appendingPathComponent("scripts/check-core-availability.py").path }
    let folder = TemporaryFolder()

    /// Package.swift and Sources/PinningCore copied into the temporary folder, as the script reads them.
    private func copyOfTheCore() throws -> URL {
        let manager = FileManager.default
        let sources = folder.url.appendingPathComponent("Sources")
        try manager.createDirectory(at: sources, withIntermediateDirectories: true)
        try manager.copyItem(
            at: root.appendingPathComponent("Sources/PinningCore"), to: sources.appendingPathComponent("PinningCore"))
        try manager.copyItem(
            at: root.appendingPathComponent("Package.swift"), to: folder.url.appendingPathComponent("Package.swift"))
        return folder.url
    }

    private func check(_ root: URL) throws -> ProcessRunner.Result {
        try ProcessRunner.run("/usr/bin/env", ["python3", script, "--root", root.path])
    }

    @Test("the core as it is stays within macOS 13 / iOS 16")
    func coreIsWithinItsPlatforms() throws {
        let result = try check(root)
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
        #expect(result.stdoutText.contains("stays within macOS 13 / iOS 16"), "\(result.stdoutText)")
    }

    @Test("a Mutex in a copy of the core fails with file:line and macOS 15 / iOS 18; a comment naming it does not")
    func mutexIsRefused() throws {
        let copy = try copyOfTheCore()
        let file = copy.appendingPathComponent("Sources/PinningCore/Probe.swift")
        try "// Synchronization.Mutex is not for us.\nlet note = \"Mutex(0)\"\n".write(
            to: file, atomically: true, encoding: .utf8)
        let quiet = try check(copy)
        #expect(quiet.status == 0, "\(quiet.stdoutText)")
        try "import Synchronization\n\nlet counter = Mutex(0)\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try check(copy)
        #expect(result.status == 1, "\(result.stdoutText)")
        #expect(
            result.stdoutText.contains(
                "Sources/PinningCore/Probe.swift:3: Synchronization.Mutex needs macOS 15 / iOS 18"),
            "\(result.stdoutText)")
        #expect(result.stdoutText.contains("Probe.swift:1: the Synchronization module"), "\(result.stdoutText)")
    }

    @Test("the platforms come from Package.swift: a regex literal passes under iOS 16 and fails under iOS 15")
    func platformsComeFromPackageSwift() throws {
        let copy = try copyOfTheCore()
        let package = copy.appendingPathComponent("Package.swift")
        let declared = try String(contentsOf: package, encoding: .utf8)
        #expect(declared.contains("platforms: [.macOS(.v13), .iOS(.v16)]"))
        try "let digits = /[0-9]+/\n".write(
            to: copy.appendingPathComponent("Sources/PinningCore/Probe.swift"), atomically: true, encoding: .utf8)
        #expect(try check(copy).status == 0)
        let older = declared.replacingOccurrences(of: ".iOS(.v16)", with: ".iOS(.v15)")
        try older.write(to: package, atomically: true, encoding: .utf8)
        let result = try check(copy)
        #expect(result.status == 1, "\(result.stdoutText)")
        #expect(result.stdoutText.contains("Probe.swift:1: a regex literal needs macOS 13 / iOS 16"))
    }

    @Test("a Package.swift whose platforms cannot be read is bad input (exit 2)")
    func unreadablePlatformsAreBadInput() throws {
        let copy = try copyOfTheCore()
        let package = copy.appendingPathComponent("Package.swift")
        let declared = try String(contentsOf: package, encoding: .utf8)
        try declared.replacingOccurrences(of: ".macOS(.v13)", with: ".macOS(minimum)").write(
            to: package, atomically: true, encoding: .utf8)
        #expect(try check(copy).status == 2)
    }
}
