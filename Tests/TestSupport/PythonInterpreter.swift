import Foundation

/// The Python the tests cross-check with: the venv `.ci/run` prepares (tree-sitter-kotlin and cryptography, pinned),
/// else `python3` from the PATH.
public enum PythonInterpreter {
    public static var path: String {
        let venv = packageRoot.appendingPathComponent(".build/test-python/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/env"
    }

    /// Arguments that come before the script's own (`python3` when going through `env`).
    public static var arguments: [String] { path == "/usr/bin/env" ? ["python3"] : [] }

    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
