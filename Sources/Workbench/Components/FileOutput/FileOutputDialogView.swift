import PinningCore

/// Draws the save/export dialog: its notes, the choices with the chosen one marked `▶`, then the file name field
/// or the overwrite question.
enum FileOutputDialogView {
    static func draw(into frame: inout Frame, dialog: FileOutputDialog) {
        let width = min(max(30, frame.size.width - 8), 80)
        var body: [CertificatePane.Line] = []
        for note in dialog.notes {
            body += Frame.wrap(note.terminalSafe, width: width).map { .init($0, .verdictWarning) }
        }
        if !dialog.notes.isEmpty { body.append(.init("")) }
        var chosenRow = 0
        for (index, choice) in dialog.choices.enumerated() {
            let chosen = index == dialog.selected
            if chosen { chosenRow = body.count }
            body.append(
                .init(
                    (chosen ? "▶ " : "  ") + choice.label.terminalSafe,
                    chosen ? (dialog.stage == .choosing ? .listSelected : .label) : .overlayText))
        }
        body.append(.init(""))
        let footer: String
        switch dialog.stage {
        case .choosing:
            footer = "↑↓ choose · Enter name the file · Esc cancel"
        case .naming, .writing:
            let field = "File: " + dialog.path.terminalSafe + (dialog.stage == .naming ? "▏" : "")
            body += Frame.wrap(field, width: width).map { .init($0, .prompt) }
            footer =
                dialog.stage == .naming
                ? "Enter write · Bksp edit · Esc back (relative names: the working folder)" : "writing…"
        case .confirmingOverwrite:
            body += Frame.wrap("! \(dialog.path.terminalSafe) exists. Overwrite it?", width: width).map {
                .init($0, .verdictWarning)
            }
            footer = "y overwrite · n or Esc choose another name"
        }
        let inside = Overlay.draw(
            into: &frame, size: Size(width: width + 2, height: body.count + 1), title: dialog.title.terminalSafe)
        guard inside.height > 1, inside.width > 2 else { return }
        let bodyHeight = inside.height - 1
        // The field at the bottom matters most; scroll the choices so the chosen one stays visible too.
        let start =
            dialog.stage == .choosing
            ? max(0, min(chosenRow - bodyHeight / 2, body.count - bodyHeight)) : max(0, body.count - bodyHeight)
        for (row, line) in body.dropFirst(start).prefix(bodyHeight).enumerated() {
            frame.text(
                line.text, at: Point(x: inside.x + 1, y: inside.y + row), width: inside.width - 2, role: line.role)
        }
        frame.text(footer, at: Point(x: inside.x + 1, y: inside.maxY - 1), width: inside.width - 2, role: .prompt)
    }
}
