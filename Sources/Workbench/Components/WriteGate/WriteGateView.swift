import ManifestLint
import PinningCore

/// Draws the write gate: the change first (the semantic diff and its lockout risk), then the lint findings the
/// change introduces, then, folded to one line until `f`, the findings the manifest had before.
enum WriteGateView {
    /// The body's width for a screen: the overlay's, within 100 columns.
    static func width(screen: Size) -> Int { max(20, min(screen.width - 8, 100)) }

    /// The lines of the gate's body on a screen of `screen`, wrapped as drawn (scrolling is bounded by their count).
    static func body(_ gate: WriteGate, screen: Size) -> [CertificatePane.Line] {
        let width = width(screen: screen)
        var body: [CertificatePane.Line] = [.init("Your change", .label)]
        body += DialogOverlays.diffBody(gate.diff, width: width)
        body.append(.init(""))
        if gate.findings.isEmpty {
            body.append(.init(Marker.accepted.symbol + " lint: no findings", .verdictAccepted))
            return body
        }
        body.append(.init("lint: " + gate.tally.summary, .label))
        if gate.introduced.isEmpty {
            body.append(.init(Marker.accepted.symbol + " this change introduces no finding", .verdictAccepted))
        } else {
            body.append(.init("Introduced by this change: " + LintTally(gate.introduced).cell, .label))
            body += findingLines(gate.introduced, width: width)
        }
        guard !gate.preexisting.isEmpty else { return body }
        let earlier = "Already in the manifest before this change: " + LintTally(gate.preexisting).cell
        body.append(.init(""))
        body.append(.init(earlier + (gate.showsPreexisting ? " (f folds them)" : " (f shows them)"), .label))
        if gate.showsPreexisting { body += findingLines(gate.preexisting, width: width) }
        return body
    }

    /// Each finding as a marked, wrapped head line and its fix.
    private static func findingLines(_ findings: [LintFinding], width: Int) -> [CertificatePane.Line] {
        var lines: [CertificatePane.Line] = []
        for finding in findings {
            let isError = finding.severity == .error
            let head =
                (isError ? Marker.rejected.symbol + " error " : Marker.warning.symbol + " warning ")
                + "[\(finding.rule.rawValue)] "
                + (finding.host ?? "manifest").terminalSafe + ": " + finding.message.terminalSafe
            for part in Frame.wrap(head, width: width) {
                lines.append(.init(part, isError ? .verdictRejected : .verdictWarning))
            }
            for part in Frame.wrap("Fix: " + finding.fix.terminalSafe, width: width - 2) {
                lines.append(.init("  " + part, .dim))
            }
        }
        return lines
    }

    static func draw(into frame: inout Frame, gate: WriteGate, file: String) {
        let footer =
            gate.tally.errors > 0
            ? "! write anyway (risks locking users out) · Esc cancel"
            : "y write · Esc cancel"
        DialogOverlays.drawScrolling(
            into: &frame, title: "Write \(file.terminalSafe)?", lines: body(gate, screen: frame.size),
            scroll: gate.scroll, footer: footer)
    }
}
