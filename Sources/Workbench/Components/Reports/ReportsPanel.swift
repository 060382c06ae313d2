/// The Reports view (`V`): which of the latest reports is selected, and how far the view is scrolled. What it shows
/// follows the selected domain and the database as last read (``ReportsFeed``).
public struct ReportsPanel: Hashable, Sendable {
    /// The selected report among the latest, newest first.
    public var selected: Int
    /// The first line shown.
    public var scroll: Int

    public init(selected: Int = 0, scroll: Int = 0) {
        self.selected = selected
        self.scroll = scroll
    }

    public enum Action: Hashable, Sendable {
        case stay
        case close
        /// Show the next (1) or previous (-1) domain of the Domains list.
        case moveDomain(Int)
        /// Show the selected report's chain in the Chain and Certificate panes.
        case showChain(Int)
        /// Back to the live chain.
        case liveChain
    }

    /// A command in the view's context: move the selection among `reports` reports (the view scrolled to keep it in
    /// sight: `lineOf` gives a report's line), open one, close, or move to another domain.
    public mutating func update(
        _ command: Command, reports: Int, lineCount: Int, page: Int, lineOf: (Int) -> Int
    ) -> Action {
        switch command {
        case .close: return .close
        case .nextDomain, .previousDomain:
            self = ReportsPanel()
            return .moveDomain(command == .nextDomain ? 1 : -1)
        case .showReportChain:
            return reports > 0 ? .showChain(selected) : .stay
        case .liveChain: return .liveChain
        case .moveUp, .moveDown, .moveTop, .moveBottom, .pageUp, .pageDown:
            guard reports > 0 else {
                scroll = max(0, min(OverlayScroll.scrolled(scroll, by: command, page: page), lineCount - page))
                return .stay
            }
            selected = max(0, min(reports - 1, OverlayScroll.scrolled(selected, by: command, page: page)))
            let line = lineOf(selected)
            if line < scroll { scroll = max(0, line - 1) }
            if line >= scroll + page { scroll = line - page + 2 }
            scroll = max(0, min(scroll, lineCount - page))
            return .stay
        default:
            return .stay
        }
    }
}
