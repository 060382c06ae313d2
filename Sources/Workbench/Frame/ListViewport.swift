/// Which rows of a long list are on screen: keeps the selection visible with the least scrolling.
///
/// Only the visible rows are ever rendered, so a list of 10,000 domains costs what a screenful costs.
public struct ListViewport: Hashable, Sendable {
    /// Index of the first visible row.
    public var offset: Int

    public init(offset: Int = 0) {
        self.offset = offset
    }

    /// The offset that shows `selection` in `height` rows of a `count`-row list, moving as little as possible from
    /// the current one.
    public func scrolled(toShow selection: Int?, count: Int, height: Int) -> ListViewport {
        guard height > 0, count > 0 else { return ListViewport(offset: 0) }
        var offset = min(self.offset, max(0, count - height))
        if let selection {
            if selection < offset { offset = selection }
            if selection >= offset + height { offset = selection - height + 1 }
        }
        return ListViewport(offset: max(0, offset))
    }

    /// The indices visible in `height` rows.
    public func visibleRange(count: Int, height: Int) -> Range<Int> {
        let start = min(offset, count)
        return start..<min(count, start + max(0, height))
    }
}

/// One row of a drawn list: a marker column (never colour alone: ✓ ✗ ! ● ○ …) and text with their roles.
public struct ListRow: Hashable, Sendable {
    public var marker: String
    public var markerRole: StyleRole
    public var text: String
    public var role: StyleRole
    public var trailing: String

    public init(
        marker: String = " ", markerRole: StyleRole = .text, text: String, role: StyleRole = .text,
        trailing: String = ""
    ) {
        self.marker = marker
        self.markerRole = markerRole
        self.text = text
        self.role = role
        self.trailing = trailing
    }
}

extension Frame {
    /// Draws the visible rows of a list into `rect`, asking `row` only for those. The selected row is drawn with
    /// `list.selected` (reverse in mono) and a `▸` pointer, so it shows without colour. The scroll position, if
    /// wanted, belongs in the box title.
    public mutating func list(
        in rect: Rect, count: Int, selection: Int?, viewport: ListViewport, focused: Bool,
        row: (Int) -> ListRow
    ) {
        guard !rect.isEmpty else { return }
        let visible = viewport.visibleRange(count: count, height: rect.height)
        for (line, index) in visible.enumerated() {
            let item = row(index)
            let y = rect.y + line
            let isSelected = index == selection
            let pointer = isSelected ? Marker.selectedRow.symbol : " "
            var x = put(pointer, at: Point(x: rect.x, y: y), role: .text, clip: rect)
            x = put(item.marker, at: Point(x: x, y: y), role: item.markerRole, clip: rect)
            x = put(" ", at: Point(x: x, y: y), clip: rect)
            let trailingWidth = item.trailing.isEmpty ? 0 : CharacterWidth.of(item.trailing) + 1
            let textWidth = max(0, rect.maxX - x - trailingWidth)
            text(item.text, at: Point(x: x, y: y), width: textWidth, role: item.role)
            if trailingWidth > 0, rect.maxX - trailingWidth + 1 > x {
                put(item.trailing, at: Point(x: rect.maxX - trailingWidth + 1, y: y), role: .dim, clip: rect)
            }
            if isSelected {
                restyle(
                    Rect(x: rect.x, y: y, width: rect.width, height: 1),
                    role: focused ? .listSelected : .listSelectedUnfocused)
            }
        }
    }
}
