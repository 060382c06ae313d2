/// Characters that change where a line ends or how text reads, whatever the output language, and the one visible
/// form every encoder uses when such a character cannot be carried as itself.
///
/// Certificate fields and manifest text are attacker-controlled. A newline in a subject would start a forged line
/// of output or code; ESC drives a terminal; a bidirectional override (U+202E) makes code read differently from
/// how it runs ("Trojan Source"). The visible form follows Swift string literals, so it reads the same in every
/// output: `\n`, `\r`, `\t`, `\0`, and `\u{1B}` (hex, upper case) for the rest. A backslash stays as it is: an
/// escape is a way to show a character, and the text around it is never parsed back.
public enum TextHazards {
    /// C0 and C1 controls (newline, ESC, NEL, ...), DEL, bidirectional marks, embeddings, overrides and isolates,
    /// the Unicode line and paragraph separators, and the invisible characters that hide text from a reader: zero
    /// width space, word joiner and invisible operators, the byte order mark and the tag characters (which spell
    /// whole words no terminal shows). Zero width joiners stay: emoji and some scripts need them.
    public static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2028, 0x2029: return true
        case 0x200B, 0x2060...0x2064, 0xFEFF, 0xE0000...0xE007F: return true
        default: return false
        }
    }

    /// True when `text` holds at least one hazard.
    public static func containsHazard(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isHazard)
    }

    /// The visible form of one scalar: `\n`, `\r`, `\t`, `\0`, else `\u{HEX}`.
    public static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\0": return "\\0"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// `text` with every hazard replaced by its visible form: one line, read as written.
    public static func visible(_ text: String) -> String {
        visible(text, replacing: isHazard)
    }

    /// `text` with every scalar for which `shouldEscape` holds replaced by its visible form.
    static func visible(_ text: String, replacing shouldEscape: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: shouldEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if shouldEscape(scalar) {
                result += visibleEscape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Four upper-case hex digits, for `\uXXXX` escapes.
    static func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
