/// What the terminal can show, decided once at start-up.
public enum ColorMode: String, Hashable, Sendable {
    /// No colour at all: roles become attributes only. Chosen for `NO_COLOR` or a terminal without colour.
    case mono
    /// Eight colours: bright colours fall back to their base colour plus bold.
    case ansi8
    case ansi16
    case ansi256

    /// The mode for a terminal reporting `colors` colours, honouring `NO_COLOR` (set and not empty, per no-color.org).
    public static func detect(environment: [String: String], colors: Int, hasColors: Bool = true) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .mono }
        guard hasColors, colors >= 8 else { return .mono }
        if colors >= 256 { return .ansi256 }
        if colors >= 16 { return .ansi16 }
        return .ansi8
    }
}

/// A role's final look on a given terminal: colour numbers as curses takes them (-1 = default) and attributes.
public struct Appearance: Hashable, Sendable {
    public var foreground: Int
    public var background: Int
    public var attributes: TextAttributes

    public init(foreground: Int = -1, background: Int = -1, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}
