/// The help overlay, generated from the key table so it always tells the truth about the keys.
public enum HelpOverlay {
    /// The overlay's lines: a heading per context, then `keys  description` rows.
    public static func lines(keyMap: KeyMap) -> [(text: String, role: StyleRole)] {
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
        let more = lines.count > bodyHeight ? "↑↓ scroll  " : ""
        frame.text(
            more + "Esc or ? closes", at: Point(x: inside.x + 1, y: inside.maxY - 1), width: inside.width - 1,
            role: .dim)
    }
}
