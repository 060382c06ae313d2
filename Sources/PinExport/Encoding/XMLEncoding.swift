import PinningCore

/// XML 1.0 text: element content, attribute values and comments that hold manifest and certificate text as data.
///
/// Every character that is markup (`<`, `&`, `>` for `]]>`, quotes in attributes) is escaped, and no control
/// character is written raw: LF, CR and TAB become character references, so parsers neither normalize nor hide
/// them. XML 1.0 cannot carry the other C0 controls, U+FFFE or U+FFFF at all, not even as references; those are
/// written as visible escapes (`\u{1}`, see ``TextHazards``), and ``canCarry(_:)`` tells the caller to warn that
/// the value was changed.
public enum XMLEncoding {
    /// True for the characters XML 1.0 allows in a document (its `Char` production).
    public static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// True when ``text(_:)`` and ``attributeValue(_:)`` keep `value` exactly.
    public static func canCarry(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy(isXMLCharacter)
    }

    /// Element content: reads back as `value` when ``canCarry(_:)`` holds.
    public static func text(_ value: String) -> String {
        escape(value, quotes: false)
    }

    /// An attribute value, without its surrounding double quotes (both quote kinds are escaped, so either works).
    public static func attributeValue(_ value: String) -> String {
        escape(value, quotes: true)
    }

    /// Text for between `<!-- ` and ` -->`: no `--`, no final `-`, nothing XML cannot carry, one line, no
    /// bidirectional controls. A comment has no escapes, so this is for people to read, not to parse back.
    ///
    /// Hyphens are compared scalar by scalar, as XML parsers read them: compared as Swift `Character`s, a hyphen
    /// joined to a prepended mark (`U+0600 -`) or to a combining one (`- U+0301`) is not `"-"`, and `--` would pass.
    public static func comment(_ text: String) -> String {
        let visible = TextHazards.visible(text) { TextHazards.isHazard($0) || !isXMLCharacter($0) }
        var result = ""
        result.reserveCapacity(visible.utf8.count)
        var previous: Unicode.Scalar?
        for scalar in visible.unicodeScalars {
            if scalar == "-" && previous == "-" { result += " " }
            result.unicodeScalars.append(scalar)
            previous = scalar
        }
        if previous == "-" { result += " " }
        return result
    }

    private static func escape(_ value: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&apos;"
            default:
                if !isXMLCharacter(scalar) {
                    result += TextHazards.visibleEscape(scalar)
                } else if TextHazards.isHazard(scalar) {
                    result += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
