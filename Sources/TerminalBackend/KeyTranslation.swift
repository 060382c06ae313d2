import CNcursesw
import Workbench

/// Turns ncurses function-key codes into ``Key``s; unknown codes are dropped.
enum KeyTranslation {
    static func key(forKeyCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        default:
            for n in 1...12 where code == pb_key_f(Int32(n)) { return .function(n) }
            return nil
        }
    }
}
