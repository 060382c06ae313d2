/// The feedback after a command (what changed, or why nothing did). Shown above the status bar, wrapped, until the
/// next key; every one is also kept in the message log (`L`).
///
/// The update never builds one at the site: it says a typed ``Notice`` (``WorkbenchUpdate/say(_:)``), whose words and
/// level are decided in `Notice+Words.swift`; showing it records it in the log with the time.
public struct StatusMessage: Hashable, Sendable {
    /// How serious a message is; shown as a marker (not only a colour) and kept in the log.
    public enum Level: String, CaseIterable, Hashable, Sendable, Comparable {
        case info, warning, error

        public static func < (a: Level, b: Level) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    public var text: String
    public var level: Level

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.level = isError ? .error : .info
    }

    public init(_ text: String, level: Level) {
        self.text = text
        self.level = level
    }

    /// True for errors; setting it makes the message an error (or info).
    public var isError: Bool {
        get { level == .error }
        set { level = newValue ? .error : .info }
    }
}
