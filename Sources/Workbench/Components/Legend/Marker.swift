/// One glyph the workbench draws, the ASCII character that stands for it when the terminal cannot show it, and what
/// it means. ``Marker/all`` is the one table: views draw these glyphs, the help's legend lists the state markers
/// from it, and in ASCII mode (a non-UTF-8 locale, or `--ascii`) every glyph on screen becomes its fallback, so
/// state is never shown by colour alone and never as a blank.
///
/// Every glyph and every fallback is one column wide, so the fallback never moves anything.
public struct Marker: Hashable, Sendable {
    public let glyph: Character
    public let ascii: Character
    public let meaning: String
    /// True for the state markers the help's legend explains; false for box lines and the like.
    public let inLegend: Bool

    init(_ glyph: Character, _ ascii: Character, _ meaning: String, legend: Bool = true) {
        self.glyph = glyph
        self.ascii = ascii
        self.meaning = meaning
        self.inLegend = legend
    }

    /// The glyph as text, for building lines.
    public var symbol: String { String(glyph) }

    public static let accepted = Marker("✓", "+", "accepted: a pin matched (✓match marks the level); lint is clean")
    public static let rejected = Marker("✗", "x", "rejected, expired, or an error")
    public static let warning = Marker(
        "!", "!",
        "accepted but failing ATS; or not pinned, pins lapsed, report-only violation, expiring")
    public static let failed = Marker("?", "?", "the fetch failed: no chain to judge")
    public static let pending = Marker("…", "~", "fetching; at the end of a line: text cut short")
    public static let idle = Marker("·", ".", "not fetched yet")
    public static let activePin = Marker("●", "*", "active pin; in the status bar: unsaved changes")
    public static let backupPin = Marker("○", "o", "backup pin")
    public static let selectedRow = Marker("▸", ">", "the selected row")
    public static let focusedPane = Marker("▶", ">", "the focused pane (its box has heavy lines)")
    public static let cursor = Marker("▏", "_", "where typing goes in a prompt")
    public static let up = Marker("↑", "^", "more above; the up arrow key")
    public static let down = Marker("↓", "v", "more below; the down arrow key")
    public static let left = Marker("←", "<", "the left arrow key")
    public static let right = Marker("→", ">", "the right arrow key")
    public static let validity = Marker("█", "#", "forecast timeline: the certificate is valid")
    public static let lapse = Marker("◆", "%", "forecast timeline: a release's pins lapse (fail open)")
    public static let shipBy = Marker("▲", "^", "forecast timeline: the last day the next release must ship")
    public static let differs = Marker("≠", "#", "client verdicts: this client decides otherwise than PinBench")

    /// The marker for a message of `level` (the status bar and the message log).
    public static func forLevel(_ level: StatusMessage.Level) -> Marker {
        switch level {
        case .info: return idle
        case .warning: return warning
        case .error: return rejected
        }
    }

    /// Box lines: light (panes), heavy (the focused pane) and double (overlays) stay told apart in ASCII.
    static let boxLines: [Marker] = [
        ("─", "-"), ("│", "|"), ("┌", "+"), ("┐", "+"), ("└", "+"), ("┘", "+"),
        ("━", "="), ("┃", "|"), ("┏", "#"), ("┓", "#"), ("┗", "#"), ("┛", "#"),
        ("═", "="), ("║", "|"), ("╔", "+"), ("╗", "+"), ("╚", "+"), ("╝", "+"),
    ].map { Marker($0.0, $0.1, "box line", legend: false) }

    /// Every glyph the workbench draws.
    public static let all: [Marker] =
        [
            accepted, rejected, warning, failed, pending, idle, activePin, backupPin, selectedRow, focusedPane, cursor,
            up, down, left, right, validity, lapse, shipBy, differs,
        ] + boxLines

    /// The fallback for each glyph (glyphs that are ASCII already are left out).
    public static let asciiFallbacks: [Character: Character] = Dictionary(
        all.filter { $0.glyph != $0.ascii }.map { ($0.glyph, $0.ascii) }, uniquingKeysWith: { first, _ in first })

    /// What stands in, in ASCII mode, for a character that is in no table (a name in another script): never a blank.
    public static let unknownFallback: Character = "?"
}
