/// An in-memory screen: a grid of styled cells that a view draws into and a backend copies to the terminal.
///
/// Frames are plain values, so golden tests compare their text (and their roles) without a terminal. Writing is
/// always clipped to the frame and, optionally, to a rectangle; nothing a view does can draw outside its pane.
public struct Frame: Hashable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]

    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.width * size.height)
    }

    public var bounds: Rect { Rect(size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
            return cells[y * size.width + x]
        }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            cells[y * size.width + x] = newValue
        }
    }

    /// The cells of one row.
    public func row(_ y: Int) -> ArraySlice<Cell> {
        guard y >= 0, y < size.height else { return [] }
        return cells[(y * size.width)..<((y + 1) * size.width)]
    }

    /// Fills a rectangle with one cell.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            clearWideNeighbours(x: area.x, y: y, width: area.width)
            for x in area.x..<area.maxX {
                cells[y * size.width + x] = cell
            }
        }
    }

    /// Writes `text` from `point` onwards on one row, never past `clip` (the whole frame by default).
    ///
    /// Control characters are replaced by U+FFFD as a last line of defence; certificate text must already have gone
    /// through `TerminalSafeText`. A wide character that would straddle the clip edge is replaced by a blank.
    /// Returns the column after the last one written.
    @discardableResult
    public mutating func put(
        _ text: String, at point: Point, role: StyleRole = .text, attributes: TextAttributes = [],
        clip: Rect? = nil
    ) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard point.y >= area.y, point.y < area.maxY else { return point.x }
        var x = point.x
        for character in text {
            if x >= area.maxX { break }
            var shown = character
            var width = CharacterWidth.of(character)
            if width == 0 {
                if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
                    shown = "\u{FFFD}"
                    width = 1
                } else {
                    continue  // a lone combining or format character: nothing to draw on its own
                }
            }
            if x < area.x {
                x += width
                continue
            }
            if width == 2 && x + 1 >= area.maxX {
                clearWideNeighbours(x: x, y: point.y, width: 1)
                self[x, point.y] = Cell(" ", role: role, attributes: attributes)
                x += 1
                break
            }
            clearWideNeighbours(x: x, y: point.y, width: width)
            self[x, point.y] = Cell(shown, role: role, attributes: attributes)
            if width == 2 {
                self[x + 1, point.y] = Cell(" ", role: role, attributes: attributes, isContinuation: true)
            }
            x += width
        }
        return x
    }

    /// Overwriting half of a wide character must blank its other half, or the terminal would show garbage. Call it
    /// before writing `width` cells from `x`.
    mutating func clearWideNeighbours(x: Int, y: Int, width: Int) {
        if self[x, y].isContinuation, x > 0 {
            self[x - 1, y] = Cell(" ", role: self[x - 1, y].role)
        }
        let after = x + width
        if after < size.width, self[after, y].isContinuation {
            self[after, y] = Cell(" ", role: self[after, y].role)
        }
    }

    /// Changes the role (and adds attributes) of every cell in a rectangle, keeping the characters.
    public mutating func restyle(_ rect: Rect, role: StyleRole, attributes: TextAttributes = []) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                cells[y * size.width + x].role = role
                cells[y * size.width + x].attributes.formUnion(attributes)
            }
        }
    }

    /// The frame as plain text, one line per row, continuation cells skipped. Trailing blanks are kept so that
    /// golden screens show the exact width.
    public var text: String {
        (0..<size.height).map { lineText($0) }.joined(separator: "\n")
    }

    /// One row as plain text.
    public func lineText(_ y: Int) -> String {
        var line = ""
        for cell in row(y) where !cell.isContinuation {
            line.append(cell.character)
        }
        return line
    }
}
