import CNcursesw
import Workbench

/// A theme turned into curses attributes and colour pairs for one colour mode; pairs are set up on first use.
struct Palette {
    let themeName: String
    private let mode: ColorMode
    private var byRole: [StyleRole: (attr_t, Int16)] = [:]
    private var pairs: [Pair: Int16] = [:]
    private let theme: Theme

    private struct Pair: Hashable {
        var foreground: Int
        var background: Int
    }

    init(theme: Theme, mode: ColorMode) {
        self.theme = theme
        self.themeName = theme.name
        self.mode = mode
    }

    mutating func attributes(for role: StyleRole, extra: TextAttributes) -> (attr_t, Int16) {
        let base: (attr_t, Int16)
        if let cached = byRole[role] {
            base = cached
        } else {
            let appearance = theme.appearance(for: role, mode: mode)
            base = (Self.curses(appearance.attributes), pair(for: appearance))
            byRole[role] = base
        }
        return extra.isEmpty ? base : (base.0 | Self.curses(extra), base.1)
    }

    private mutating func pair(for appearance: Appearance) -> Int16 {
        guard mode != .mono, appearance.foreground >= 0 || appearance.background >= 0 else { return 0 }
        let key = Pair(foreground: appearance.foreground, background: appearance.background)
        if let existing = pairs[key] { return existing }
        let number = Int16(pairs.count + 1)
        guard Int32(number) < pb_color_pairs() else { return 0 }
        init_pair(number, Int16(appearance.foreground), Int16(appearance.background))
        pairs[key] = number
        return number
    }

    static func curses(_ attributes: TextAttributes) -> attr_t {
        var result = pb_a_normal()
        if attributes.contains(.bold) { result |= pb_a_bold() }
        if attributes.contains(.dim) { result |= pb_a_dim() }
        if attributes.contains(.reverse) { result |= pb_a_reverse() }
        if attributes.contains(.underline) { result |= pb_a_underline() }
        if attributes.contains(.italic) { result |= pb_a_italic() }
        return result
    }
}
