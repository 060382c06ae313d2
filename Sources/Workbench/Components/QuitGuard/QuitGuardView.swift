import PinningCore

/// Draws the unsaved-changes question, naming the manifest file.
enum QuitGuardView {
    static func draw(into frame: inout Frame, file: String) {
        DialogOverlays.drawConfirm(
            into: &frame, title: "Unsaved changes", lines: ["\(file.terminalSafe) has unsaved changes."],
            footer: "y quit without saving · w write first · Esc stay")
    }
}
