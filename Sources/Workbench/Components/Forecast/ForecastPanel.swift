/// The Forecast view (`F`): how far it is scrolled. What it shows follows the selected domain, whose forecast the
/// state keeps (``ForecastCache``).
public struct ForecastPanel: Hashable, Sendable {
    /// The first line shown.
    public var scroll: Int

    public init(scroll: Int = 0) {
        self.scroll = scroll
    }

    public enum Action: Hashable, Sendable {
        case stay
        case close
        /// Show the next (1) or previous (-1) domain of the Domains list.
        case moveDomain(Int)
    }

    /// A command in the view's contexts: close, move to another domain (from the top of its forecast), or scroll
    /// within its `lineCount` lines.
    public mutating func update(_ command: Command, lineCount: Int, page: Int) -> Action {
        switch command {
        case .close: return .close
        case .nextDomain:
            scroll = 0
            return .moveDomain(1)
        case .previousDomain:
            scroll = 0
            return .moveDomain(-1)
        default:
            scroll = max(0, min(OverlayScroll.scrolled(scroll, by: command, page: page), lineCount - page))
            return .stay
        }
    }
}
