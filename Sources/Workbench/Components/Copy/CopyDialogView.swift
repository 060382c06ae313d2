import PinningCore

/// Draws the copy dialog: every value whole (wrapped, never cut), the chosen one marked with `▶` and reversed.
enum CopyDialogView {
    static func draw(into frame: inout Frame, dialog: CopyDialog) {
        let width = min(max(20, frame.size.width - 8), 96)
        var body: [CertificatePane.Line] = Frame.wrap(dialog.subject.terminalSafe, width: width).map {
            .init($0, .label)
        }
        body.append(.init(""))
        var selectedRows: Range<Int> = 0..<0
        for (index, value) in dialog.values.enumerated() {
            let chosen = index == dialog.selected
            let mark = chosen ? "▶ " : "  "
            let copied = dialog.copied == index ? "  ✓ sent to the clipboard (OSC 52)" : ""
            body.append(.init(mark + value.name + copied, chosen ? .label : .overlayText))
            let start = body.count
            for part in Frame.wrap(value.text.terminalSafe, width: width - 4) {
                body.append(.init("    " + part, chosen ? .listSelected : .overlayText))
            }
            if chosen { selectedRows = start..<body.count }
        }
        body.append(.init(""))
        body += Frame.wrap(
            "If your terminal ignores OSC 52 (tmux needs set-clipboard on), select the text above with the mouse.",
            width: width
        ).map { .init($0, .dim) }
        let inside = Overlay.draw(
            into: &frame, size: Size(width: width + 2, height: body.count + 2), title: "Copy")
        guard inside.height > 1, inside.width > 2 else { return }
        let bodyHeight = inside.height - 1
        // Keep the chosen value on screen when the box is shorter than its content.
        let start = max(0, min(selectedRows.upperBound - bodyHeight, body.count - bodyHeight))
        for (row, line) in body.dropFirst(start).prefix(bodyHeight).enumerated() {
            frame.text(
                line.text, at: Point(x: inside.x + 1, y: inside.y + row), width: inside.width - 2, role: line.role)
        }
        frame.text(
            "↑↓ choose · y copy · Esc close", at: Point(x: inside.x + 1, y: inside.maxY - 1),
            width: inside.width - 2, role: .prompt)
    }
}
