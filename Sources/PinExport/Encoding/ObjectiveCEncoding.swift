import Foundation
import PinningCore

/// Objective-C source text: `@"..."` string literals and block comments that hold manifest text as data.
///
/// C adds hazards of its own on top of a newline: a backslash before a line end splices the next line into a `//`
/// comment, `??/` is a trigraph for a backslash in strict C modes, and `*/` ends a block comment.
public enum ObjectiveCEncoding {
    /// An `@"..."` literal whose NSString value is exactly `value`.
    ///
    /// Printable ASCII stays as it is, except `\\`, `\"` and `?` (escaped as `\?`, so no trigraph can form); `\n`
    /// `\r` `\t` by name; every other scalar as its UTF-8 bytes in three-digit octal escapes (`\303\251`), which
    /// clang reads back as UTF-8. Octal rather than `\u`: C forbids universal character names below U+00A0, and a
    /// fixed three digits never run into a following digit.
    public static func stringLiteral(_ value: String) -> String {
        var literal = "@\""
        literal.reserveCapacity(value.utf8.count + 3)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "?": literal += "\\?"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case " "..."~": literal.unicodeScalars.append(scalar)
            default:
                for byte in String(scalar).utf8 {
                    let digits = String(byte, radix: 8)
                    literal += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
                }
            }
        }
        literal += "\""
        return literal
    }

    /// Text for between `/*` and `*/`: one line (``TextHazards``), with `*/` and `/*` broken up as `* /` and
    /// `/ *`, so the comment ends only where the exporter ends it.
    public static func blockComment(_ text: String) -> String {
        var result = TextHazards.visible(text)
        while result.contains("*/") || result.contains("/*") {
            result = result.replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "/*", with: "/ *")
        }
        return result
    }
}
