/// Marks the search's matches in the Certificate pane as drawn: the current one reversed in the selection style,
/// the others in the unfocused selection style (both differ in mono too, so matches never rely on colour).
enum SearchHighlight {
    static func draw(
        into frame: inout Frame, rect: Rect, lines: [CertificatePane.Line], start: Int, search: CertificateSearch?
    ) {
        guard let search else { return }
        let matches = search.matches(in: lines.map(\.text))
        for (index, match) in matches.enumerated() {
            let row = match.line - start
            guard row >= 0, row < rect.height else { continue }
            let line = Array(lines[match.line].text)
            let before = String(line[0..<match.offset])
            let text = String(line[match.offset..<match.offset + match.length])
            let x = rect.x + 1 + CharacterWidth.of(before)
            let width = rect.maxX - x
            guard width > 0 else { continue }
            let role: StyleRole = index == search.current ? .listSelected : .listSelectedUnfocused
            frame.text(text, at: Point(x: x, y: rect.y + row), width: width, role: role)
        }
    }
}
