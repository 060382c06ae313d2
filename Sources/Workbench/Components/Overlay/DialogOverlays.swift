import ManifestLint
import PinningCore

/// What the overlays share: the diff's lines and colours, the scrolling frame, the yes/no box.
enum DialogOverlays {
    static func diffRole(_ kind: ManifestDiffLine.Kind) -> StyleRole {
        switch kind {
        case .domain: return .label
        case .added: return .diffAdded
        case .removed: return .diffRemoved
        case .changed: return .verdictWarning
        case .risk: return .verdictRejected
        case .priorRisk, .clientWarning: return .verdictWarning
        case .note: return .dim
        }
    }

    /// The diff's lines for an overlay, every manifest string made terminal-safe and long lines wrapped.
    static func diffBody(_ lines: [ManifestDiffLine], width: Int) -> [CertificatePane.Line] {
        var body: [CertificatePane.Line] = []
        for line in lines {
            let indent = String(line.text.prefix { $0 == " " })
            let content = String(line.text.dropFirst(indent.count)).terminalSafe
            for (index, part) in Frame.wrap(content, width: max(10, width - indent.count - 4)).enumerated() {
                body.append(.init(indent + (index == 0 ? "" : "    ") + part, diffRole(line.kind)))
            }
        }
        return body
    }

    /// A scrolled list of lines with a footer line; the body is as tall as the screen allows.
    static func drawScrolling(
        into frame: inout Frame, title: String, lines: [CertificatePane.Line], scroll: Int, footer: String
    ) {
        let width = min(frame.size.width - 4, max(50, (lines.map { CharacterWidth.of($0.text) }.max() ?? 0) + 2))
        let inside = Overlay.draw(into: &frame, size: Size(width: width, height: lines.count + 2), title: title)
        guard inside.height > 1, inside.width > 2 else { return }
        let bodyHeight = inside.height - 1
        let start = min(max(0, scroll), max(0, lines.count - bodyHeight))
        for (row, line) in lines.dropFirst(start).prefix(bodyHeight).enumerated() {
            frame.text(
                line.text, at: Point(x: inside.x + 1, y: inside.y + row), width: inside.width - 2, role: line.role)
        }
        let more = lines.count > bodyHeight ? Marker.up.symbol + Marker.down.symbol + " scroll · " : ""
        frame.text(
            more + footer, at: Point(x: inside.x + 1, y: inside.maxY - 1), width: inside.width - 2, role: .prompt)
    }

    static func drawConfirm(into frame: inout Frame, title: String, lines: [String], footer: String) {
        let width = max(CharacterWidth.of(footer), lines.map { CharacterWidth.of($0) }.max() ?? 0) + 2
        let inside = Overlay.draw(into: &frame, size: Size(width: width, height: lines.count + 2), title: title)
        for (row, line) in lines.prefix(max(0, inside.height - 2)).enumerated() {
            frame.text(line, at: Point(x: inside.x + 1, y: inside.y + row), width: inside.width - 2, role: .overlayText)
        }
        if inside.height > 0 {
            frame.text(footer, at: Point(x: inside.x + 1, y: inside.maxY - 1), width: inside.width - 2, role: .prompt)
        }
    }
}
