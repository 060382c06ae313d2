/// The message log overlay's own state: where it is scrolled. It opens on the newest messages.
public struct MessageLogViewer: Hashable, Sendable {
    /// The first line shown.
    public var scroll: Int

    /// A viewer showing the end of `log` on a screen of `size`.
    public init(log: MessageLog, size: Size) {
        scroll = Int.max / 4
        scroll = clamped(scroll, log: log, size: size)
    }

    /// What the root does after a command: keep the viewer open (scrolled), or close it.
    public enum Action: Hashable, Sendable {
        case stay, close
    }

    /// Scrolls for `command`, or says to close.
    public mutating func update(_ command: Command, log: MessageLog, size: Size) -> Action {
        let page = max(1, MessageLogOverlay.bodyHeight(size) - 1)
        switch command {
        case .close, .cancel, .quit, .messageLog: return .close
        case .moveUp: scroll -= 1
        case .moveDown: scroll += 1
        case .pageUp: scroll -= page
        case .pageDown: scroll += page
        case .moveTop: scroll = 0
        case .moveBottom: scroll = Int.max / 4
        default: break
        }
        scroll = clamped(scroll, log: log, size: size)
        return .stay
    }

    private func clamped(_ scroll: Int, log: MessageLog, size: Size) -> Int {
        let lines = MessageLogOverlay.lines(log: log, width: MessageLogOverlay.textWidth(size)).count
        return min(max(0, scroll), max(0, lines - MessageLogOverlay.bodyHeight(size)))
    }
}
