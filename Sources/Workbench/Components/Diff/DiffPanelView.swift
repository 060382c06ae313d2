import PinningCore

/// Draws the diff overlay: the diff's lines, wrapped and coloured by kind, scrolled.
enum DiffPanelView {
    static func draw(into frame: inout Frame, panel: DiffPanel) {
        let body = DialogOverlays.diffBody(panel.lines, width: max(20, min(frame.size.width - 8, 100)))
        DialogOverlays.drawScrolling(
            into: &frame, title: "Manifest diff", lines: body, scroll: panel.scroll, footer: "w write · Esc close")
    }
}
