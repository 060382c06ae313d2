extension Frame {
    /// One letter per role, for golden files of styling (``roleMap``). Stable: append new roles at the end.
    public static let roleCodes: [StyleRole: Character] = {
        let letters = Array("._lbBtTsSaAvVwpeEqQuoOgrcPx")
        var codes: [StyleRole: Character] = [:]
        for (i, role) in StyleRole.allCases.enumerated() {
            codes[role] = i < letters.count ? letters[i] : "?"
        }
        return codes
    }()

    /// The roles of every cell as letters, one line per row, after a legend of the letters used. What colour goldens
    /// compare: which cells are accepted, rejected, selected, regardless of the theme's colours.
    public func roleMap() -> String {
        var used: Set<StyleRole> = []
        var lines: [String] = []
        for y in 0..<size.height {
            var line = ""
            for cell in row(y) {
                used.insert(cell.role)
                line.append(Self.roleCodes[cell.role] ?? "?")
            }
            lines.append(line)
        }
        let legend = used.sorted().map { "\(Self.roleCodes[$0] ?? "?")=\($0.rawValue)" }.joined(separator: " ")
        return legend + "\n" + lines.joined(separator: "\n")
    }

    /// The attributes every cell gets under `theme` in `mode` (`.` none, `b` bold, `r` reverse, `u` underline,
    /// `d` dim, `i` italic, `*` several): what mono goldens compare, since attributes are all mono has.
    public func attributeMap(theme: Theme, mode: ColorMode) -> String {
        var cache: [StyleRole: TextAttributes] = [:]
        return (0..<size.height).map { y in
            String(
                row(y).map { cell -> Character in
                    let base = cache[cell.role] ?? theme.appearance(for: cell.role, mode: mode).attributes
                    cache[cell.role] = base
                    let all = base.union(cell.attributes)
                    let names = all.names
                    if names.isEmpty { return "." }
                    if names.count > 1 { return "*" }
                    return names[0].first!
                })
        }.joined(separator: "\n")
    }
}
