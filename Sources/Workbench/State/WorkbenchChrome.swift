import Foundation

/// The frame around the work: the screen size, the clock, the theme, the glyph set, and the messages shown and kept.
public struct WorkbenchChrome: Sendable {
    public var size: Size
    public var now: Date
    /// The theme in use and the order `t` cycles through.
    public var themeName: String
    public var themeNames: [String]
    /// Draw only ASCII: every glyph becomes its fallback from ``Marker/all`` (a non-UTF-8 locale, or `--ascii`).
    public var asciiOnly = false
    /// The message on screen until the next key (``WorkbenchUpdate/say(_:)`` sets it).
    public private(set) var message: StatusMessage?
    /// Every message of the session, capped (`L` shows it).
    public private(set) var messageLog = MessageLog()

    init(size: Size, now: Date, themeName: String, themeNames: [String]) {
        self.size = size
        self.now = now
        self.themeName = themeName
        self.themeNames = themeNames.contains(themeName) ? themeNames : [themeName] + themeNames
    }

    /// Shows `message` (nil: none) and records it in ``messageLog`` with the time.
    mutating func show(_ message: StatusMessage?) {
        self.message = message
        if let message, !message.text.isEmpty { messageLog.record(message, at: now) }
    }

    /// Keeps `message` in the log without showing it over the status bar (what the bar already says in its own
    /// words, such as the CT watch's).
    mutating func log(_ message: StatusMessage) {
        messageLog.record(message, at: now)
    }

    /// `t`: the next theme of the cycle.
    mutating func nextTheme() {
        let index = themeNames.firstIndex(of: themeName) ?? -1
        themeName = themeNames[(index + 1) % themeNames.count]
    }
}
