/// One row of the key table: a key, where it works, what it does, and how the help describes it.
public struct KeyBinding: Hashable, Sendable {
    public var key: Key
    public var context: KeyContext
    public var command: Command
    public var description: String
    /// Shown in the status bar when the context has the focus (the help always shows everything).
    public var inStatusBar: Bool

    public init(_ key: Key, _ context: KeyContext, _ command: Command, _ description: String, inStatusBar: Bool = false)
    {
        self.key = key
        self.context = context
        self.command = command
        self.description = description
        self.inStatusBar = inStatusBar
    }
}
