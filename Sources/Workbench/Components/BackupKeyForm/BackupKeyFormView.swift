import ManifestEditing
import PinningCore

/// Draws the ``BackupKeyForm`` as a centred box: the algorithms as a list with a marker, the folder as a field.
enum BackupKeyFormView {
    /// Wide enough for the longest fixed line; long problems wrap.
    static let maximumWidth = 76

    static func draw(into frame: inout Frame, form: BackupKeyForm) {
        var lines: [(String, StyleRole)] = [
            ("A new key pair and CSR for \(form.host.terminalSafe);", .overlayText),
            ("its pin is added to the manifest as a backup (z undoes).", .overlayText),
            ("", .overlayText),
            ((form.field == .algorithm ? "▸ " : "  ") + "Algorithm", .label),
        ]
        for algorithm in BackupKeyAlgorithm.allCases {
            let chosen = algorithm == form.algorithm
            let slow = algorithm.isSlowToGenerate ? "  (takes a few seconds)" : ""
            lines.append(
                (
                    "    " + (chosen ? "(*) " : "( ) ") + algorithm.displayName + slow,
                    chosen ? .listSelected : .overlayText
                ))
        }
        lines.append(("", .overlayText))
        lines.append(((form.field == .folder ? "▸ " : "  ") + "Folder (must exist; the key is written 0600)", .label))
        let cursor = form.field == .folder ? "▏" : ""
        lines.append(("    " + form.folder.terminalSafe + cursor, .prompt))
        if form.isGenerating {
            lines.append(("", .overlayText))
            lines.append(("generating the \(form.algorithm.displayName) key…", .verdictWarning))
        } else if let problem = form.problem {
            lines.append(("", .overlayText))
            // Wrapped, not cut: the end of a path is where the file name and the reason are.
            for part in Frame.wrap("✗ " + problem, width: maximumWidth - 2) { lines.append((part, .error)) }
        }
        let footer = "↑↓ algorithm · Tab field · Enter generate · Esc cancel"
        let width = max(CharacterWidth.of(footer), lines.map { CharacterWidth.of($0.0) }.max() ?? 0) + 2
        let inside = Overlay.draw(
            into: &frame, size: Size(width: min(width, maximumWidth), height: lines.count + 2), title: "Backup key")
        guard inside.height > 1, inside.width > 2 else { return }
        for (row, line) in lines.prefix(max(0, inside.height - 2)).enumerated() {
            frame.text(line.0, at: Point(x: inside.x + 1, y: inside.y + row), width: inside.width - 2, role: line.1)
        }
        frame.text(footer, at: Point(x: inside.x + 1, y: inside.maxY - 1), width: inside.width - 2, role: .prompt)
    }
}
