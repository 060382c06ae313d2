/// Draws the frames of the panes a layout shows and returns their insides, so pane views only fill rectangles.
public enum PaneChrome {
    /// Boxes every visible pane of `layout`, numbering titles (`1 Domains`) after the keys that focus them. The
    /// focused pane gets heavy lines and a `▶` in its title as well as its colour.
    public static func draw(
        into frame: inout Frame, layout: Layout, focus: PaneID, titles: [PaneID: String] = [:]
    ) -> [PaneID: Rect] {
        var insides: [PaneID: Rect] = [:]
        for pane in layout.visiblePanes {
            guard let rect = layout.panes[pane] else { continue }
            let focused = pane == focus
            let name = titles[pane] ?? pane.title
            let title = (focused ? Marker.focusedPane.symbol + " " : "") + "\(pane.rawValue) " + name
            insides[pane] = frame.box(
                rect, title: title, style: focused ? .heavy : .light,
                role: focused ? .paneBorderFocused : .paneBorder,
                titleRole: focused ? .paneTitleFocused : .paneTitle)
        }
        return insides
    }
}
