import Foundation

/// Runs a parser script (the export tests' ``ExportParsers``, an OCSP reader) over many texts in one `python3` process
/// and decodes what it found.
public enum PythonParser {
    public static func parse<Found: Decodable>(
        _ texts: [String], with script: String, as: [Found].Type
    ) throws -> [Found] {
        let arguments = PythonInterpreter.arguments + ["-c", script]
        let input = try JSONSerialization.data(withJSONObject: texts)
        let result = try ProcessRunner.run(PythonInterpreter.path, arguments, input: input, timeout: 300).checked()
        return try JSONDecoder().decode([Found].self, from: result.stdout)
    }
}
