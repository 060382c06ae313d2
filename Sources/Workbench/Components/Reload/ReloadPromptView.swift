import PinningCore

/// Draws the ``ReloadPrompt`` overlay: the disk's change as a semantic diff, this session's change, the choices.
enum ReloadPromptView {
    static func draw(into frame: inout Frame, prompt: ReloadPrompt, file: String) {
        let width = max(20, min(frame.size.width - 8, 100))
        var body: [CertificatePane.Line] = [
            .init("Changed on disk since it was loaded:", .label)
        ]
        body += DialogOverlays.diffBody(prompt.theirs, width: width)
        body.append(.init(""))
        for part in Frame.wrap("Your unsaved edits: " + prompt.mine.terminalSafe, width: width) {
            body.append(.init(part, .label))
        }
        DialogOverlays.drawScrolling(
            into: &frame, title: "\(file.terminalSafe) changed on disk", lines: body, scroll: prompt.scroll,
            footer: "r reload (drop yours) · a re-apply yours on top · k keep editing")
    }
}
