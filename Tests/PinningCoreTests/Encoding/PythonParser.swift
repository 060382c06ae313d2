import Foundation
import TestSupport

/// Runs one of ``ExportParsers`` over many texts in one `python3` process and decodes what it found.
enum PythonParser {
    /// The interpreter: the test venv that `.ci/run` prepares (it has tree-sitter-kotlin), else `python3`.
    static var interpreter: String {
        let venv = packageRoot.appendingPathComponent(".build/test-python/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/env"
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    static func parse<Found: Decodable>(_ texts: [String], with script: String, as: [Found].Type) throws -> [Found] {
        let python = interpreter
        let arguments = (python == "/usr/bin/env" ? ["python3"] : []) + ["-c", script]
        let input = try JSONSerialization.data(withJSONObject: texts)
        let result = try ProcessRunner.run(python, arguments, input: input, timeout: 300).checked()
        return try JSONDecoder().decode([Found].self, from: result.stdout)
    }
}
