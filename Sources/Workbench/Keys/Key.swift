/// A key press, normalized by the backend from whatever the terminal sent.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    case character(Character)
    /// Control plus a letter, e.g. `.control("z")` for Ctrl-Z.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backTab, escape, backspace, delete
    case function(Int)

    /// The label used in the help overlay and the status bar.
    public var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "C-" + String(c)
        case .up: return Marker.up.symbol
        case .down: return Marker.down.symbol
        case .left: return Marker.left.symbol
        case .right: return Marker.right.symbol
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .escape: return "Esc"
        case .backspace: return "Bksp"
        case .delete: return "Del"
        case .function(let n): return "F\(n)"
        }
    }

    /// The key for a Unicode scalar read from the terminal: control bytes become the named keys.
    public static func from(scalar: Unicode.Scalar) -> Key {
        switch scalar.value {
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x1B: return .escape
        case 0x08, 0x7F: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(scalar.value + 0x60)!))
        default: return .character(Character(scalar))
        }
    }
}
