import Foundation
import TestSupport
import Testing

/// The workbench's root is writable only by the update, and the compiler says so: code that sets a field of
/// `WorkbenchState`, makes a `WorkbenchUpdate` or sets the status line is refused, from another module and from code
/// with the module's internal access alike (a view or a component in `Workbench`), while `apply` and the update's
/// door compile. Checked by the toolchain's `swiftc` against the modules this test run was built with.
@Suite("the compiler keeps all but the update from writing the workbench's root")
struct RootBoundaryTests {
    static let fields = [
        "editing", "selection", "results", "chrome", "forecast", "transparency", "overlay", "prompt", "search",
        "pendingRecoveries",
    ]

    @Test("from another module (the runtime, pinbench): every field's setter is inaccessible")
    func outsideTheModule() throws {
        let pokes = Self.fields.map { "func poke_\($0)(_ s: inout WorkbenchState) { s.\($0) = s.\($0) }" }
        let result = try Self.typecheck(["import Workbench"] + pokes)
        #expect(result.status != 0)
        for field in Self.fields {
            #expect(result.stderrText.contains("'\(field)' setter is inaccessible"), "\(field): \(result.stderrText)")
        }
    }

    @Test("with the module's internal access (a view, a component): no field, no door, no status line")
    func insideTheModule() throws {
        let pokes = Self.fields.map { "func poke_\($0)(_ s: inout WorkbenchState) { s.\($0) = s.\($0) }" }
        let result = try Self.typecheck(
            ["@testable import Workbench"] + pokes + [
                "func door(_ s: WorkbenchState) { _ = WorkbenchUpdate(root: s) }",
                "func status(_ c: inout WorkbenchChrome) { c.message = nil }",
            ])
        #expect(result.status != 0)
        for field in Self.fields {
            #expect(result.stderrText.contains("'\(field)' setter is inaccessible"), "\(field): \(result.stderrText)")
        }
        #expect(result.stderrText.contains("'WorkbenchUpdate' initializer is inaccessible"), "\(result.stderrText)")
        #expect(result.stderrText.contains("'message' setter is inaccessible"), "\(result.stderrText)")
    }

    /// The update's own code (a component's glue) writes the selection and the overlay, but the manifest, the
    /// chrome, the live results, the forecasts and the CT feed only through the methods for their messages and edits.
    @Test("in the update's code: the manifest, chrome, results, forecasts and CT feed are read-only")
    func insideTheUpdate() throws {
        let guarded = ["editing", "chrome", "results", "forecast", "transparency"]
        let pokes = guarded.map { "    mutating func poke_\($0)() { \($0) = \($0) }" }
        let result = try Self.typecheck(
            ["@testable import Workbench", "extension WorkbenchUpdate {"] + pokes
                + ["    mutating func open() { overlay = nil }", "}"])
        #expect(result.status != 0)
        for field in guarded {
            #expect(result.stderrText.contains("'\(field)' is a get-only property"), "\(field): \(result.stderrText)")
        }
        #expect(!result.stderrText.contains("'overlay'"), "the overlay is the glue's to set: \(result.stderrText)")
    }

    @Test("the ways in compile: apply a message, say a notice inside the update")
    func theWaysInCompile() throws {
        let result = try Self.typecheck([
            "import Foundation", "@testable import Workbench",
            "func ok(_ s: inout WorkbenchState) -> [Effect] {",
            "    s.update { $0.say(.noChanges) }",
            "    return s.apply(.tick(Date()))",
            "}",
        ])
        #expect(result.status == 0, "\(result.stderrText)")
    }

    /// Type-checks `lines` as one file against the modules of this build.
    static func typecheck(_ lines: [String]) throws -> ProcessRunner.Result {
        let modules = try #require(modulesFolder(), "no Modules/Workbench.swiftmodule beside the test bundle")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("root-boundary-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("probe.swift")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        return try ProcessRunner.run(
            "/usr/bin/env", ["swiftc", "-typecheck", "-I", modules.path, file.path],
            environment: ProcessInfo.processInfo.environment, timeout: 120)
    }

    /// The build's Modules folder: beside the test bundle on Linux, a few folders up on macOS.
    static func modulesFolder() -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Workbench.swiftmodule").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
