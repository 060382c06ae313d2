import PinningCore

/// Swift source text: string literals and line comments that hold manifest and certificate text as data.
///
/// In a Swift string `\(...)` is interpolation and a raw newline ends the literal (a compile error at best, a line
/// of code at worst, once the quote is closed by the text itself); a newline in a comment makes the rest of the
/// text a line of code.
public enum SwiftEncoding {
    /// A double-quoted Swift string literal, quotes included, whose value is exactly `value`.
    ///
    /// The literal is printable ASCII only: `\\` and `\"` escaped, `\n` `\r` `\t` `\0` by name, and every other
    /// scalar outside U+0020...U+007E as `\u{HEX}` (Swift escapes name scalars, so no surrogate pair is needed).
    /// A backslash is always escaped, so no `\(` interpolation can appear.
    public static func stringLiteral(_ value: String) -> String {
        var literal = "\""
        literal.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            case " "..."~": literal.unicodeScalars.append(scalar)
            default: literal += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        literal += "\""
        return literal
    }

    /// Text for after `//`: one line whatever `text` holds (``TextHazards``: line terminators, controls and
    /// bidirectional controls shown as visible escapes). Swift line comments have no line continuation.
    public static func lineComment(_ text: String) -> String {
        TextHazards.visible(text)
    }
}
