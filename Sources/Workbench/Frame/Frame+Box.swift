/// The line characters of a box. Focused panes use heavy lines, so focus shows without colour.
public struct BoxStyle: Hashable, Sendable {
    public var horizontal: Character
    public var vertical: Character
    public var topLeft: Character
    public var topRight: Character
    public var bottomLeft: Character
    public var bottomRight: Character

    public static let light = BoxStyle(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
    public static let heavy = BoxStyle(
        horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛")
    public static let double = BoxStyle(
        horizontal: "═", vertical: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝")
}

extension Frame {
    /// Draws a box around `rect` with an optional title in its top edge, e.g. `┏━ 1 Domains ━━━┓`, and clears the
    /// inside. Returns the inside rectangle.
    @discardableResult
    public mutating func box(
        _ rect: Rect, title: String? = nil, style: BoxStyle = .light, role: StyleRole = .paneBorder,
        titleRole: StyleRole = .paneTitle, titleAttributes: TextAttributes = []
    ) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let inside = rect.inset(by: 1)
        fill(inside, with: Cell(" ", role: .text))
        let border = Cell(" ", role: role)
        func edge(_ c: Character, _ x: Int, _ y: Int) {
            clearWideNeighbours(x: x, y: y, width: 1)
            var cell = border
            cell.character = c
            self[x, y] = cell
        }
        for x in (rect.x + 1)..<(rect.maxX - 1) {
            edge(style.horizontal, x, rect.y)
            edge(style.horizontal, x, rect.maxY - 1)
        }
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            edge(style.vertical, rect.x, y)
            edge(style.vertical, rect.maxX - 1, y)
        }
        edge(style.topLeft, rect.x, rect.y)
        edge(style.topRight, rect.maxX - 1, rect.y)
        edge(style.bottomLeft, rect.x, rect.maxY - 1)
        edge(style.bottomRight, rect.maxX - 1, rect.maxY - 1)
        if let title, rect.width > 6 {
            let room = rect.width - 4
            text(
                " " + title + " ", at: Point(x: rect.x + 2, y: rect.y), width: room, role: titleRole,
                attributes: titleAttributes)
        }
        return inside
    }
}
