import Foundation
import PinningCore

/// The message log drawn over the panes: one entry per message, `HH:MM:SS` (UTC), its level's marker, and the
/// whole text wrapped (never cut).
public enum MessageLogOverlay {
    /// The overlay fills the screen but for the margin Overlay keeps; this is the width its text wraps at.
    static func textWidth(_ size: Size) -> Int { max(1, size.width - 6) }
    /// Rows for entries (the last inner row holds the hint line).
    static func bodyHeight(_ size: Size) -> Int { max(1, size.height - 5) }

    /// The lines of the log at `width` columns, oldest entry first.
    public static func lines(log: MessageLog, width: Int) -> [CertificatePane.Line] {
        var lines: [CertificatePane.Line] = []
        if log.dropped > 0 {
            lines.append(.init("(\(log.dropped) older messages dropped; the log keeps \(log.capacity))", .dim))
        }
        if log.entries.isEmpty { lines.append(.init("No messages yet.", .dim)) }
        for entry in log.entries {
            let head = DateText.time(entry.time) + " " + Marker.forLevel(entry.message.level).symbol + " "
            let indent = String(repeating: " ", count: CharacterWidth.of(head))
            let role = StatusBar.role(for: entry.message.level, in: .overlayText)
            for (i, part) in Frame.wrap(entry.message.text.terminalSafe, width: max(1, width - indent.count))
                .enumerated()
            {
                lines.append(.init((i == 0 ? head : indent) + part, role))
            }
        }
        return lines
    }

    static func draw(into frame: inout Frame, log: MessageLog, viewer: MessageLogViewer) {
        let size = frame.size
        let lines = lines(log: log, width: textWidth(size))
        let title = "Messages (\(log.entries.count), times UTC)"
        let inside = Overlay.draw(into: &frame, size: Size(width: size.width, height: size.height), title: title)
        guard inside.height > 1, inside.width > 2 else { return }
        let bodyHeight = inside.height - 1
        let start = min(max(0, viewer.scroll), max(0, lines.count - bodyHeight))
        for (row, line) in lines.dropFirst(start).prefix(bodyHeight).enumerated() {
            frame.text(
                line.text, at: Point(x: inside.x + 1, y: inside.y + row), width: inside.width - 2, role: line.role)
        }
        let position =
            lines.count > bodyHeight
            ? "lines \(start + 1)-\(min(lines.count, start + bodyHeight)) of \(lines.count) · " : ""
        frame.text(
            position + "Esc or L closes", at: Point(x: inside.x + 1, y: inside.maxY - 1), width: inside.width - 2,
            role: .dim)
    }
}
