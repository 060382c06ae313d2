/// Makes text from certificates and servers safe to show on a terminal.
///
/// Certificate fields are attacker-controlled: a subject can carry ESC sequences that retitle the window, move the
/// cursor or hide text. Every string that reaches a terminal goes through here, in the CLI and in the workbench.
public enum TerminalSafeText {
    /// Replaces C0 and C1 control characters (ESC, CSI, BEL, newlines, ...), DEL and bidirectional overrides by
    /// visible escapes such as `\u{1B}`, so nothing in the text can drive the terminal.
    public static func sanitize(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True when the scalar must not reach a terminal as is.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Bidirectional embeddings, overrides and isolates can reorder what the reader sees.
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}

extension String {
    /// This text with every control character made visible; see ``TerminalSafeText``.
    public var terminalSafe: String { TerminalSafeText.sanitize(self) }
}
