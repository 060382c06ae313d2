import Foundation

/// Stops the run when a property that must hold for every input does not: libFuzzer sees the trap as a crash and
/// saves the input (`crash-<sha1>`), so a broken invariant is reported exactly like a memory error.
public enum Invariant {
    /// Traps with `message` on stderr unless `condition` holds.
    public static func check(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        if !condition() { fail(message(), file: file, line: line) }
    }

    /// Reports a broken invariant and traps.
    public static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        FileHandle.standardError.write(Data("\n== INVARIANT BROKEN at \(file):\(line)\n\(message)\n".utf8))
        fatalError("invariant broken: see the message above")
    }
}

/// A readable rendering of text for failure messages: every non-printable-ASCII scalar as `\u{…}`.
public func visible(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\\" {
            result.unicodeScalars.append(scalar)
        } else {
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
    return result
}
