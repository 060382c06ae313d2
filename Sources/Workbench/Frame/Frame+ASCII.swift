extension Frame {
    /// The frame with every non-ASCII character replaced: by its entry in `fallbacks` when it has one, else by
    /// `unknown` (a wide character becomes two of them, so nothing moves). What a terminal without UTF-8 can show.
    public func asciiOnly(fallbacks: [Character: Character], unknown: Character) -> Frame {
        var result = self
        for y in 0..<size.height {
            for x in 0..<size.width {
                var cell = self[x, y]
                if cell.isContinuation {
                    cell.isContinuation = false
                    cell.character = unknown
                } else if !cell.character.isASCII {
                    cell.character = fallbacks[cell.character] ?? unknown
                } else {
                    continue
                }
                result[x, y] = cell
            }
        }
        return result
    }
}
