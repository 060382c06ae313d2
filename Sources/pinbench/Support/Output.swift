import Foundation
import PinningCore

/// Writing to the terminal: everything that may come from a certificate or a server is made safe first.
enum Output {
    /// Prints text to stdout, with control characters made visible.
    static func line(_ text: String = "") {
        print(text.terminalSafeMultiline)
    }

    /// Pushes buffered stdout out now: a script reading a pipe waits for lines such as `lab`'s "ready".
    static func flush() {
        fflush(nil)
    }

    /// Prints `error: ...` to stderr.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data(("error: " + message.terminalSafeMultiline + "\n").utf8))
    }

    /// Prints a note or warning to stderr.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data((message.terminalSafeMultiline + "\n").utf8))
    }

    /// Prints a value as stable JSON (sorted keys, ISO 8601 dates). JSON escapes control characters itself.
    static func json<Value: Encodable>(_ value: Value) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        do {
            let data = try CanonicalJSON.encode(value, encoder: encoder)
            FileHandle.standardOutput.write(data)
        } catch {
            Output.error("could not encode JSON output: \(error)")
        }
    }
}

extension String {
    /// Sanitized line by line, keeping the newlines that structure the output.
    var terminalSafeMultiline: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { String($0).terminalSafe }.joined(
            separator: "\n"
        )
    }
}
