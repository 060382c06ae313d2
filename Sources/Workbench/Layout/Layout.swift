/// Where each pane goes for a terminal size, in one pure function:
///
/// - three panes at 100x30 or more: Domains left-top, Chain left-bottom, and on the right Certificate, or Pins while it
///   has the focus;
/// - two panes from 60x16: Domains left, and on the right the focused pane, or while Domains has the focus the detail
///   pane (Chain or Certificate) focused last;
/// - one pane from 40x10: only the focused pane, Tab switches;
/// - below that, no panes: a "terminal too small" notice.
///
/// Every mode but the last keeps the bottom row for the status bar.
public struct Layout: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable {
        case threePanes, twoPanes, onePane, tooSmall
    }

    public static let threePaneMinimum = Size(width: 100, height: 30)
    public static let twoPaneMinimum = Size(width: 60, height: 16)
    public static let onePaneMinimum = Size(width: 40, height: 10)

    public let size: Size
    public let mode: Mode
    /// The panes on screen and their rectangles (borders included).
    public let panes: [PaneID: Rect]
    /// The bottom row, or empty when the terminal is too small.
    public let statusBar: Rect

    /// - Parameters:
    ///   - focus: the focused pane (the one shown in one-pane mode).
    ///   - detail: the detail pane to show on the right in two-pane mode when Domains has the focus. Pins is shown
    ///     only while focused, so it is never the detail pane.
    public init(size: Size, focus: PaneID, detail: PaneID = .chain) {
        self.size = size
        let mode = Self.mode(for: size)
        self.mode = mode
        let body = Rect(x: 0, y: 0, width: size.width, height: size.height - 1)
        let bar = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
        switch mode {
        case .tooSmall:
            panes = [:]
            statusBar = Rect(x: 0, y: 0, width: 0, height: 0)
        case .onePane:
            panes = [focus: body]
            statusBar = bar
        case .twoPanes:
            let (left, right) = body.splitColumns(leftWidth: max(28, body.width * 2 / 5))
            let shownDetail: PaneID = focus == .domains ? (detail == .certificate ? .certificate : .chain) : focus
            panes = [.domains: left, shownDetail: right]
            statusBar = bar
        case .threePanes:
            let (left, right) = body.splitColumns(leftWidth: max(40, body.width * 2 / 5))
            let (top, bottom) = left.splitRows(topHeight: body.height / 2)
            panes = [.domains: top, .chain: bottom, (focus == .pins ? .pins : .certificate): right]
            statusBar = bar
        }
    }

    public static func mode(for size: Size) -> Mode {
        func fits(_ minimum: Size) -> Bool { size.width >= minimum.width && size.height >= minimum.height }
        if fits(threePaneMinimum) { return .threePanes }
        if fits(twoPaneMinimum) { return .twoPanes }
        if fits(onePaneMinimum) { return .onePane }
        return .tooSmall
    }

    /// The panes on screen in Tab order.
    public var visiblePanes: [PaneID] { PaneID.allCases.filter { panes[$0] != nil } }
}
