/// One row of the key table: a key, where it works, what it does, and how the help describes it.
public struct KeyBinding: Hashable, Sendable {
    public var key: Key
    public var context: KeyContext
    public var command: Command
    public var description: String
    /// Shown in the status bar when the context has the focus (the help always shows everything).
    public var inStatusBar: Bool
    /// The status bar's word for it when the command's usual one would mislead here (`y quit` in the quit guard).
    public var short: String?

    public init(
        _ key: Key, _ context: KeyContext, _ command: Command, _ description: String, inStatusBar: Bool = false,
        short: String? = nil
    ) {
        self.key = key
        self.context = context
        self.command = command
        self.description = description
        self.inStatusBar = inStatusBar
        self.short = short
    }
}
