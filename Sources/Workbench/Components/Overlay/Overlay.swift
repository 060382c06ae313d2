/// A centred box drawn over the panes: help, diff, write gate, confirmations.
public enum Overlay {
    /// Draws a double-lined box of at most `size` cells (clipped to the frame with a margin) and returns its inside.
    ///
    /// A blank ring of one cell, kept inside the margin, sets the box apart: otherwise a lone column of the pane
    /// underneath (a selection marker, a status letter) shows between the box and the screen's edge.
    public static func draw(into frame: inout Frame, size wanted: Size, title: String) -> Rect {
        let room = frame.bounds.inset(by: 1)
        let rect = room.centered(
            Size(width: min(wanted.width + 2, room.width), height: min(wanted.height + 2, room.height)))
        frame.fill(rect.inset(by: -1).intersection(room), with: Cell(" ", role: .text))
        return frame.box(rect, title: title, style: .double, role: .overlayBorder, titleRole: .overlayBorder)
    }
}
