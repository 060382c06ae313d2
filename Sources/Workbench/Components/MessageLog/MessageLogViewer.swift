/// The message log overlay's own state: where it is scrolled. It opens on the newest messages.
public struct MessageLogViewer: Hashable, Sendable {
    /// The first line shown.
    public var scroll: Int

    /// A viewer showing the end of `log` on a screen of `size`.
    public init(log: MessageLog, size: Size) {
        scroll = Int.max / 4
        scroll = clamped(scroll, log: log, size: size)
    }

    /// What a command does to the viewer: `nil` when it closes the overlay.
    public func update(_ command: Command, log: MessageLog, size: Size) -> MessageLogViewer? {
        let page = max(1, MessageLogOverlay.bodyHeight(size) - 1)
        var next = self
        switch command {
        case .close, .cancel, .quit, .messageLog: return nil
        case .moveUp: next.scroll -= 1
        case .moveDown: next.scroll += 1
        case .pageUp: next.scroll -= page
        case .pageDown: next.scroll += page
        case .moveTop: next.scroll = 0
        case .moveBottom: next.scroll = Int.max / 4
        default: break
        }
        next.scroll = clamped(next.scroll, log: log, size: size)
        return next
    }

    private func clamped(_ scroll: Int, log: MessageLog, size: Size) -> Int {
        let lines = MessageLogOverlay.lines(log: log, width: MessageLogOverlay.textWidth(size)).count
        return min(max(0, scroll), max(0, lines - MessageLogOverlay.bodyHeight(size)))
    }
}
