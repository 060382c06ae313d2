import PinningCore

/// Draws the ``RecoveryOffer`` overlay: what the recovered edits change against the manifest on disk, the choices.
enum RecoveryOfferView {
    static func draw(into frame: inout Frame, offer: RecoveryOffer, file: String) {
        let width = max(20, min(frame.size.width - 8, 100))
        var body: [CertificatePane.Line] = []
        let intro =
            "A session ended without saving (a crash, a kill or a lost terminal). Its unsaved edits, kept in "
            + "\(offer.path), change \(file) (\(offer.summary)):"
        for part in Frame.wrap(intro.terminalSafe, width: width) { body.append(.init(part, .label)) }
        body += DialogOverlays.diffBody(offer.changes, width: width)
        DialogOverlays.drawScrolling(
            into: &frame, title: "Unsaved edits of \(file.terminalSafe) found", lines: body, scroll: offer.scroll,
            footer: "r recover them · d discard them · k keep the file for later")
    }
}
