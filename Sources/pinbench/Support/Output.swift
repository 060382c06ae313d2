import CommandText
import Foundation
import PinningCore

/// Writing to the terminal. Every call prints exactly one line per string it is given: whatever a string holds
/// (a certificate name, a manifest label, a server's words, an error's text) is shown through
/// ``TerminalSafeText``, so a newline in it reads `\n` and can never start a line of output nobody wrote. The
/// CLI's own layout is made of separate lines (``lines(_:)``), never of newlines inside a string.
enum Output {
    /// Prints one line to stdout, every control character in it made visible.
    static func line(_ text: String = "") {
        print(text.terminalSafe)
    }

    /// Prints each string as one line of stdout.
    static func lines(_ texts: [String]) {
        for text in texts { line(text) }
    }

    /// Pushes buffered stdout out now: a script reading a pipe waits for lines such as `lab`'s "ready".
    static func flush() {
        fflush(nil)
    }

    /// Prints `error: ...` to stderr, as one line.
    static func error(_ message: String) {
        standardError("error: " + message.terminalSafe)
    }

    /// Prints a note or warning to stderr, as one line.
    static func note(_ message: String) {
        standardError(message.terminalSafe)
    }

    /// Prints a message made of several lines to stderr (the argument parser's usage and help texts), each line
    /// sanitized on its own: the newlines between them stay, nothing else that drives a terminal does.
    static func block(_ text: String) {
        standardError(
            text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.terminalSafe }.joined(
                separator: "\n"))
    }

    /// Prints a value as stable JSON (sorted keys, ISO 8601 dates). ``CanonicalJSON`` escapes every control,
    /// bidirectional control and line separator in strings as `\uXXXX`.
    static func json<Value: Encodable>(_ value: Value) {
        do {
            let data = try CanonicalJSON.encode(value, encoder: CommandJSON.encoder())
            FileHandle.standardOutput.write(data)
        } catch {
            Output.error("could not encode the JSON output: \(error)")
        }
    }

    /// Prints the object `head` with one more key holding `elements`, as ``json(_:)`` would print the whole object
    /// with the elements' values there, a row at a time (see ``CanonicalJSON/encode(_:thenArray:_:encoder:write:)``).
    /// Elements are encoded beforehand with ``jsonElement(_:)``, where they are made.
    static func json<Head: Encodable>(_ head: Head, thenArray key: String, _ elements: [CanonicalJSON.ArrayElement]) {
        do {
            try CanonicalJSON.encode(head, thenArray: key, elements, encoder: CommandJSON.encoder()) {
                FileHandle.standardOutput.write($0)
            }
        } catch {
            Output.error("could not encode the JSON output: \(error)")
        }
    }

    /// Prints `value` as JSON (``json(_:)``) when `json`, else `lines`, one line each: what a command's `--json`
    /// chooses between.
    static func report<Value: Encodable>(_ value: Value, json: Bool, lines: @autoclosure () -> [String]) {
        if json {
            Output.json(value)
        } else {
            Output.lines(lines())
        }
    }

    /// `value` as an element for ``json(_:thenArray:_:)``, encoded as ``json(_:)`` encodes.
    static func jsonElement<Value: Encodable>(_ value: Value) throws -> CanonicalJSON.ArrayElement {
        try CommandJSON.element(value)
    }

    private static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension Substring {
    fileprivate var terminalSafe: String { String(self).terminalSafe }
}
