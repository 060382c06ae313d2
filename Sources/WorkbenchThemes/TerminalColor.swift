/// One of the 16 standard terminal colours, or the terminal's own default.
public enum TerminalColor: Hashable, Sendable, CaseIterable {
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

    /// The colour number (0-15) as curses and ANSI number them; -1 for the terminal default.
    public var index: Int {
        switch self {
        case .default: return -1
        default: return (Self.allCases.firstIndex(of: self) ?? 0) - 1
        }
    }

    /// The name used in theme files (`bright-blue`, `default`).
    public var name: String {
        switch self {
        case .default: return "default"
        case .black: return "black"
        case .red: return "red"
        case .green: return "green"
        case .yellow: return "yellow"
        case .blue: return "blue"
        case .magenta: return "magenta"
        case .cyan: return "cyan"
        case .white: return "white"
        case .brightBlack: return "bright-black"
        case .brightRed: return "bright-red"
        case .brightGreen: return "bright-green"
        case .brightYellow: return "bright-yellow"
        case .brightBlue: return "bright-blue"
        case .brightMagenta: return "bright-magenta"
        case .brightCyan: return "bright-cyan"
        case .brightWhite: return "bright-white"
        }
    }

    /// Parses a theme-file name; `gray`/`grey` are accepted for `bright-black`.
    public init?(name: String) {
        let lowered = name.lowercased().replacingOccurrences(of: "_", with: "-")
        if lowered == "gray" || lowered == "grey" {
            self = .brightBlack
            return
        }
        guard let match = Self.allCases.first(where: { $0.name == lowered }) else { return nil }
        self = match
    }

    /// The non-bright version, for terminals with only 8 colours.
    public var base: TerminalColor {
        let i = index
        guard i >= 8 else { return self }
        return Self.allCases[i - 8 + 1]
    }
}
