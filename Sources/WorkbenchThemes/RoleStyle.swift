/// How a theme shows one role: a 16-colour foreground and background, optional 256-colour refinements used when
/// the terminal has them, attributes, and the attributes to use in mono mode.
public struct RoleStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var foreground256: Int?
    public var background256: Int?
    public var attributes: TextAttributes
    /// Attributes in mono mode (`NO_COLOR`, no colour terminal); nil takes the built-in choice for the role.
    public var mono: TextAttributes?

    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default, foreground256: Int? = nil,
        background256: Int? = nil, attributes: TextAttributes = [], mono: TextAttributes? = nil
    ) {
        self.foreground = foreground
        self.background = background
        self.foreground256 = foreground256
        self.background256 = background256
        self.attributes = attributes
        self.mono = mono
    }

    public static let plain = RoleStyle()
}
