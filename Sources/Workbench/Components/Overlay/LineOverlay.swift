/// A view drawn over the panes as large as the screen, as lines of styled text that scroll, with a hint line at
/// the bottom: the Forecast view (`F`) and the Transparency view (`T`).
enum LineOverlay {
    /// The width the lines are laid out at on a screen of `size` (inside the box, a blank on each side).
    static func textWidth(_ size: Size) -> Int { max(1, size.width - 6) }
    /// Rows for lines (the last inner row holds the hint line).
    static func bodyHeight(_ size: Size) -> Int { max(1, size.height - 5) }

    /// Draws a view of the selected domain (Forecast, Transparency, Clients): titled `name: host (n/count)`, the
    /// `lines` it lays out at a width, from `scroll` on, and the hint to move between domains or close it with
    /// `closeKey`.
    static func drawDomainView(
        into frame: inout Frame, state: WorkbenchState, name: String, closeKey: Character, scroll: Int,
        lines: (_ width: Int) -> [ForecastLine]
    ) {
        let host = state.selectedDomainPolicy?.host.terminalSafe ?? "no domain"
        let position = "\(state.selection.selectedDomain + 1)/\(state.selection.visibleDomains.count)"
        draw(
            into: &frame, title: "\(name): \(host) (\(position))", lines: lines(textWidth(frame.size)), scroll: scroll,
            hint: Marker.left.symbol + Marker.right.symbol + " domain · Esc or \(closeKey) closes")
    }

    /// Draws the box titled `title`, `lines` from `scroll` on, and `hint` under them (after where the view is).
    static func draw(into frame: inout Frame, title: String, lines: [ForecastLine], scroll: Int, hint: String) {
        let inside = Overlay.draw(into: &frame, size: frame.size, title: title)
        guard inside.height > 1, inside.width > 2 else { return }
        let bodyHeight = inside.height - 1
        let start = min(max(0, scroll), max(0, lines.count - bodyHeight))
        for (row, line) in lines.dropFirst(start).prefix(bodyHeight).enumerated() {
            let clip = Rect(x: inside.x + 1, y: inside.y + row, width: inside.width - 2, height: 1)
            var x = clip.x
            for span in line.spans {
                x = frame.put(span.text, at: Point(x: x, y: clip.y), role: span.role, clip: clip)
            }
            // A line wider than the box is never cut silently: its last column says that more was there.
            let text = line.spans.map(\.text).joined()
            if CharacterWidth.of(String(text.reversed().drop { $0 == " " }.reversed())) > clip.width {
                let role = line.spans.last?.role ?? .overlayText
                frame.put(Marker.pending.symbol, at: Point(x: clip.maxX - 1, y: clip.y), role: role, clip: clip)
            }
        }
        let more =
            lines.count > bodyHeight
            ? "lines \(start + 1)-\(min(lines.count, start + bodyHeight)) of \(lines.count) · " : ""
        frame.text(
            more + hint, at: Point(x: inside.x + 1, y: inside.maxY - 1), width: inside.width - 2, role: .dim)
    }
}
