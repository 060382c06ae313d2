/// Plain terminal text: makes text from certificates, servers and manifests safe to show on a terminal.
///
/// Certificate fields are attacker-controlled: a subject can carry ESC sequences that retitle the window, move the
/// cursor or hide text, or a newline that starts a line of output nobody wrote. Every string that reaches a terminal
/// goes through here, in the CLI and in the workbench, and comes out as one line with nothing that drives the
/// terminal: a newline reads `\n`, ESC `\u{1B}` (see ``TextHazards`` for the rule).
public enum TerminalSafeText {
    /// `text` in quotes for an error message, control characters made visible and a long text cut, so that a
    /// hostile input (a host, a catalog's label) can neither drive the terminal nor flood it.
    public static func quoted(_ text: String, limit: Int = 80) -> String {
        let shown = text.count > limit ? String(text.prefix(limit)) + "..." : text
        return "\"" + sanitize(shown) + "\""
    }

    /// Replaces C0 and C1 control characters (ESC, CSI, BEL, newlines, ...), DEL, every format character
    /// (bidirectional controls, zero width and other invisible characters) and the Unicode line separators by
    /// visible escapes such as `\n` and `\u{1B}` (``TextHazards/isHazard(_:)``). Applying it twice changes nothing.
    public static func sanitize(_ text: String) -> String {
        TextHazards.visible(text)
    }

    /// True when the scalar must not reach a terminal as is.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        TextHazards.isHazard(scalar)
    }
}

extension String {
    /// This text with every control character made visible; see ``TerminalSafeText``.
    public var terminalSafe: String { TerminalSafeText.sanitize(self) }
}
