import PinningCore

/// Draws the delete question with the number of pins that go with the domain.
enum DeleteConfirmationView {
    static func draw(into frame: inout Frame, confirmation: DeleteConfirmation, pinCount count: Int) {
        DialogOverlays.drawConfirm(
            into: &frame, title: "Delete domain?",
            lines: [
                "Delete \(confirmation.host.terminalSafe) and its \(count) pin\(count == 1 ? "" : "s")?",
                "z undoes it afterwards.",
            ],
            footer: "y delete · n or Esc keep")
    }
}
