extension Frame {
    /// Draws `text` on one row inside `width` columns from `point`, ending with `…` when it does not fit.
    /// Returns the column after the text.
    @discardableResult
    public mutating func text(
        _ text: String, at point: Point, width: Int, role: StyleRole = .text, attributes: TextAttributes = []
    ) -> Int {
        guard width > 0 else { return point.x }
        let shown = Self.truncate(text, toWidth: width)
        return put(
            shown, at: point, role: role, attributes: attributes,
            clip: Rect(x: point.x, y: point.y, width: width, height: 1))
    }

    /// `text` cut to at most `width` columns, with a trailing `…` when something was cut.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if CharacterWidth.of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = CharacterWidth.of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// `text` padded with blanks (or cut with `…`) to exactly `width` columns.
    public static func pad(_ text: String, toWidth width: Int) -> String {
        let cut = truncate(text, toWidth: width)
        let used = CharacterWidth.of(cut)
        return used >= width ? cut : cut + String(repeating: " ", count: width - used)
    }

    /// Splits `text` into lines of at most `width` columns, breaking at spaces when it can and inside long words
    /// (fingerprints, pins) when it must: after a colon past the middle of the part that fits, if there is one,
    /// so a colon-separated hex value (fingerprint, serial number) never splits a byte while a URL or a lone
    /// leading colon does not leave a short line.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = String(word)
            let wordWidth = CharacterWidth.of(word)
            let needed = lineWidth == 0 ? wordWidth : lineWidth + 1 + wordWidth
            if needed <= width {
                line += (lineWidth == 0 ? "" : " ") + word
                lineWidth = needed
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while CharacterWidth.of(word) > width {
                var head = ""
                var used = 0
                var rest = Substring(word)
                while let c = rest.first, used + CharacterWidth.of(c) <= width {
                    head.append(c)
                    used += CharacterWidth.of(c)
                    rest = rest.dropFirst()
                }
                if head.isEmpty { break }
                if !rest.isEmpty, let colon = head.lastIndex(of: ":") {
                    let afterColon = head.index(after: colon)
                    let kept = String(head[..<afterColon])
                    if CharacterWidth.of(kept) * 2 > used {
                        rest = head[afterColon...] + rest
                        head = kept
                    }
                }
                lines.append(head)
                word = String(rest)
            }
            line = word
            lineWidth = CharacterWidth.of(word)
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }
}
