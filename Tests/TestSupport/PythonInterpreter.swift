import Foundation
import Testing

/// The Python the tests cross-check with: the venv `.ci/run` prepares (tree-sitter-kotlin and cryptography, pinned),
/// else `python3` from the PATH.
public enum PythonInterpreter {
    public static var path: String {
        let venv = packageRoot.appendingPathComponent(".build/test-python/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/env"
    }

    /// Arguments that come before the script's own (`python3` when going through `env`).
    public static var arguments: [String] { path == "/usr/bin/env" ? ["python3"] : [] }

    /// Whether the interpreter imports every module of `modules`: for `.enabled(if:)`, so that a cross-check that
    /// cannot run is a skip with its reason in the summary, never a test that passes without checking.
    public static func hasModules(_ modules: [String]) -> Bool {
        let result = try? ProcessRunner.run(path, arguments + ["-c", "import " + modules.joined(separator: ", ")])
        return result?.status == 0
    }

    /// Why a test needing Python `modules` was skipped, and how to set them up.
    public static func missing(_ modules: [String]) -> Comment {
        Comment(
            rawValue:
                "needs the Python modules \(modules.joined(separator: ", ")): set up .build/test-python as .ci/run "
                + "and the README's setup do")
    }

    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
