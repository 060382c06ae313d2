/// A centred box drawn over the panes: help, diff, write gate, confirmations.
public enum Overlay {
    /// Draws a double-lined box of at most `size` cells (clipped to the frame with a margin) and returns its inside.
    public static func draw(into frame: inout Frame, size wanted: Size, title: String) -> Rect {
        let room = frame.bounds.inset(by: 1)
        let rect = room.centered(
            Size(width: min(wanted.width + 2, room.width), height: min(wanted.height + 2, room.height)))
        return frame.box(rect, title: title, style: .double, role: .overlayBorder, titleRole: .overlayBorder)
    }
}
