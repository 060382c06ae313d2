import Foundation
import TestSupport
import Testing

/// The check that keeps this target the only writer (scripts/check-pure-targets.py), run on small made-up packages so
/// that the check itself cannot rot into one that passes everything.
@Suite("the pure targets' check")
struct PureTargetsCheckTests {
    /// A package description as `swift package dump-package` prints it: `targets` maps a name to its dependencies.
    static func package(_ targets: [String: [String]]) throws -> Data {
        let described = targets.keys.sorted().map { name -> [String: Any] in
            let dependencies = targets[name]!.map { ["byName": [$0, NSNull()]] }
            return ["name": name, "type": "regular", "dependencies": dependencies]
        }
        return try JSONSerialization.data(withJSONObject: ["targets": described])
    }

    /// Runs the check on `targets`, whose sources are `sources` (target name to Swift text), in a temporary root.
    static func check(_ targets: [String: [String]], sources: [String: String]) throws -> ProcessRunner.Result {
        let folder = TemporaryFolder()
        for name in targets.keys {
            let sourceFolder = folder.url.appendingPathComponent("Sources/\(name)")
            try FileManager.default.createDirectory(at: sourceFolder, withIntermediateDirectories: true)
            try Data((sources[name] ?? "public enum \(name)Marker {}\n").utf8)
                .write(to: sourceFolder.appendingPathComponent("\(name).swift"))
        }
        let description = folder.write("package.json", try package(targets))
        let script = PythonInterpreter.packageRoot.appendingPathComponent("scripts/check-pure-targets.py").path
        return try ProcessRunner.run(
            PythonInterpreter.path,
            PythonInterpreter.arguments + [script, "--package-json", description, "--root", folder.url.path])
    }

    static let pure: [String: [String]] = [
        "Workbench": ["ManifestEditing", "PinExport"], "PinExport": ["PinningCore"], "ManifestEditing": ["PinningCore"],
        "PinningCore": [], "ManifestFiles": ["ManifestEditing", "PinExport"],
        "WorkbenchRuntime": ["Workbench", "ManifestFiles"], "FieldReports": ["PinningCore"],
    ]

    @Test("the graph as it is passes: only the runtime reaches the files target")
    func passes() throws {
        let result = try Self.check(
            Self.pure,
            sources: [
                // A method named like a C call is not one, and a comment is not code.
                "Workbench": "struct Frame { static func truncate(_ s: String) -> String { s } }\n"
                    + "let cut = Frame.truncate(\"a\")  // unlink(path) in a comment\n",
                "ManifestFiles": "import Glibc\nfunc remove(_ path: String) { unlink(path) }\n",
            ])
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
        #expect(result.stdoutText.contains("pure targets reach no writer"))
    }

    @Test("this package: the workbench, the exports and the editor reach no writer")
    func thisPackage() throws {
        let script = PythonInterpreter.packageRoot.appendingPathComponent("scripts/check-pure-targets.py").path
        let result = try ProcessRunner.run(
            PythonInterpreter.path, PythonInterpreter.arguments + [script],
            currentDirectory: PythonInterpreter.packageRoot, timeout: 300)
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
        #expect(result.stdoutText.contains("pure targets reach no writer: Workbench, PinExport, ManifestEditing"))
    }

    @Test("a pure target that depends on the files target, directly or through another, fails and says the path")
    func reachesFilesTarget() throws {
        var targets = Self.pure
        targets["PinForecast"] = ["ManifestFiles"]
        targets["Workbench"]! += ["PinForecast"]
        let result = try Self.check(targets, sources: [:])
        #expect(result.status == 1)
        #expect(
            result.stdoutText.contains(
                "Workbench reaches the file-writing target ManifestFiles (Workbench -> PinForecast -> ManifestFiles)"),
            "\(result.stdoutText)")
        #expect(!result.stdoutText.contains("PinExport reaches"), "\(result.stdoutText)")
    }

    @Test("a target reached by a pure one whose own sources write a file fails with the file and line")
    func sourceWrites() throws {
        for (code, call) in [
            ("import Glibc\nfunc drop(_ p: String) {\n    rename(p, p + \".old\")\n}\n", "rename("),
            ("import Foundation\nfunc save(_ d: Data, _ u: URL) throws {\n    try d.write(to: u)\n}\n", "write(to:"),
        ] {
            let result = try Self.check(Self.pure, sources: ["PinningCore": code])
            #expect(result.status == 1)
            #expect(
                result.stdoutText.contains("PinExport reaches PinningCore, which writes files")
                    && result.stdoutText.contains("Sources/PinningCore/PinningCore.swift:3:")
                    && result.stdoutText.contains(call),
                "\(result.stdoutText)")
        }
    }
}
