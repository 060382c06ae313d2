/// Characters that change where a line ends or how text reads, whatever the output language, and the one visible
/// form every encoder uses when such a character cannot be carried as itself.
///
/// Certificate fields and manifest text are attacker-controlled. A newline in a subject would start a forged line
/// of output or code; ESC drives a terminal; a bidirectional override (U+202E) makes code read differently from
/// how it runs ("Trojan Source"). The visible form follows Swift string literals, so it reads the same in every
/// output: `\n`, `\r`, `\t`, `\0`, and `\u{1B}` (hex, upper case) for the rest. A backslash stays as it is: an
/// escape is a way to show a character, and the text around it is never parsed back.
public enum TextHazards {
    /// Controls (general category Cc: C0, DEL and C1: newline, ESC, NEL, ...), every format character (category
    /// Cf: the bidirectional marks, embeddings, overrides and isolates, zero width space, non-joiner and joiner, the
    /// soft hyphen, the word joiner and invisible operators, the Mongolian vowel separator, the byte order mark, the
    /// interlinear annotation characters and the tag characters, which spell whole words no terminal shows), and the
    /// Unicode line and paragraph separators (Zl, Zp). A format character is invisible or changes how the text
    /// around it reads, so a reviewer cannot see it; the whole category is escaped, not a list of known tricks. A
    /// joiner inside an emoji shows as `\u{200D}` between its parts: the cost of never hiding one elsewhere.
    public static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        // Unassigned tag code points too: a newer Unicode may make them format characters.
        case 0xE0000...0xE007F: return true
        default: return scalar.properties.generalCategory == .format
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
    package static func visible(_ text: String, replacing shouldEscape: (Unicode.Scalar) -> Bool) -> String {
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
    package static func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
