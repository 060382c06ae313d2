import PinningCore

/// Kotlin source text: string literals and line comments that hold manifest and certificate text as data.
///
/// In a Kotlin string `$name` and `${...}` are template expressions, so a host such as `b$(touch${IFS}X)` would
/// run code in the app; a newline in a comment ends the comment and makes the rest of the text a line of code.
public enum KotlinEncoding {
    /// A double-quoted Kotlin string literal, quotes included, whose value is exactly `value`.
    ///
    /// The literal is printable ASCII only: `\\`, `\"` and `\$` escaped, `\n` `\r` `\t` `\b` by name, and every
    /// other character outside U+0020...U+007E as `\uXXXX` (UTF-16 units, so a character beyond the BMP becomes a
    /// surrogate pair, which Kotlin joins back).
    public static func stringLiteral(_ value: String) -> String {
        var literal = "\""
        literal.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "$": literal += "\\$"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\u{8}": literal += "\\b"
            case " "..."~": literal.unicodeScalars.append(scalar)
            default:
                for unit in String(scalar).utf16 { literal += "\\u" + TextHazards.hex4(unit) }
            }
        }
        literal += "\""
        return literal
    }

    /// Text for after `//`: one line, whatever `text` holds. Line terminators (LF and CR, and NEL, U+2028 and
    /// U+2029, which other tools treat as line ends), other controls and bidirectional controls are shown as
    /// visible escapes (``TextHazards``), so the comment cannot end early or read differently from what it holds.
    public static func lineComment(_ text: String) -> String {
        TextHazards.visible(text)
    }
}
