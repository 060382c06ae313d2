/// The help overlay, generated from the key table so it always tells the truth about the keys, and ending with the
/// legend of markers, generated from the marker table the views draw with.
public enum HelpOverlay {
    /// The overlay's lines: a heading per context, then `keys  description` rows, then the legend.
    public static func lines(keyMap: KeyMap) -> [(text: String, role: StyleRole)] {
        keyLines(keyMap: keyMap) + [("", .overlayText)] + legendLines()
    }

    /// The legend: every state marker of ``Marker/all`` and what it means, then what the Domains pane writes after
    /// a name (``DomainMarker``).
    public static func legendLines() -> [(text: String, role: StyleRole)] {
        var lines: [(text: String, role: StyleRole)] = [("Markers (state is never shown by colour alone)", .label)]
        for marker in Marker.all where marker.inLegend {
            lines.append(("  " + marker.symbol + "  " + marker.meaning, .overlayText))
        }
        lines.append(("After a domain's name", .label))
        let width = DomainMarker.allCases.map { CharacterWidth.of($0.legendSymbol) }.max() ?? 0
        for marker in DomainMarker.allCases {
            lines.append(("  " + Frame.pad(marker.legendSymbol, toWidth: width) + "  " + marker.meaning, .overlayText))
        }
        return lines
    }

    /// The key sections, from the key table.
    public static func keyLines(keyMap: KeyMap) -> [(text: String, role: StyleRole)] {
        let sections = keyMap.helpSections()
        let keyWidth = sections.flatMap(\.entries).map { CharacterWidth.of($0.keyLabel) }.max() ?? 0
        var lines: [(String, StyleRole)] = []
        for section in sections {
            if !lines.isEmpty { lines.append(("", .overlayText)) }
            lines.append((section.context.title, .label))
            for entry in section.entries {
                lines.append(
                    ("  " + Frame.pad(entry.keyLabel, toWidth: keyWidth) + "  " + entry.description, .overlayText))
            }
        }
        return lines
    }

    /// Draws the help, scrolled by `scroll` lines, with a hint line at the bottom.
    public static func draw(into frame: inout Frame, keyMap: KeyMap, scroll: Int = 0) {
        let lines = lines(keyMap: keyMap)
        let width = (lines.map { CharacterWidth.of($0.text) }.max() ?? 0) + 2
        let inside = Overlay.draw(into: &frame, size: Size(width: width, height: lines.count + 1), title: "Keys")
        guard inside.height > 1 else { return }
        let bodyHeight = inside.height - 1
        let start = min(max(0, scroll), max(0, lines.count - bodyHeight))
        for (row, line) in lines.dropFirst(start).prefix(bodyHeight).enumerated() {
            frame.text(
                line.text, at: Point(x: inside.x + 1, y: inside.y + row), width: inside.width - 1, role: line.role)
        }
        let more = lines.count > bodyHeight ? Marker.up.symbol + Marker.down.symbol + " scroll  " : ""
        frame.text(
            more + "Esc or ? closes", at: Point(x: inside.x + 1, y: inside.maxY - 1), width: inside.width - 1,
            role: .dim)
    }
}
