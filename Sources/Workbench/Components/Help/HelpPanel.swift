/// The key help overlay (`?`): how far it is scrolled. Its lines come from the key table (``HelpOverlay``).
public struct HelpPanel: Hashable, Sendable {
    public var scroll: Int

    public init(scroll: Int = 0) {
        self.scroll = scroll
    }

    public enum Action: Hashable, Sendable {
        case stay
        case close
    }

    /// A command in the help's contexts: close, or scroll within its `lineCount` lines.
    public mutating func update(_ command: Command, lineCount: Int, page: Int) -> Action {
        if command == .close { return .close }
        scroll = min(OverlayScroll.scrolled(scroll, by: command, page: page), lineCount)
        return .stay
    }
}
