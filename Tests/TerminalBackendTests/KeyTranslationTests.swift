import CNcursesw
import Testing
import Workbench

@testable import TerminalBackend

/// ncurses' function-key codes as the workbench's keys: each code the backend knows becomes its own key, and every
/// other code (a resize, the mouse, a function key past F12, nonsense) is dropped rather than guessed at.
@Suite("Terminal backend: ncurses key codes")
struct KeyTranslationTests {
    static let named: [(code: Int32, key: Key)] = [
        (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
        (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown), (KEY_HOME, .home), (KEY_END, .end),
        (KEY_ENTER, .enter), (KEY_BTAB, .backTab), (KEY_BACKSPACE, .backspace), (KEY_DC, .delete),
    ]

    @Test("each named key code becomes its key, and no two codes the same key")
    func namedKeys() {
        for (code, key) in Self.named {
            #expect(KeyTranslation.key(forKeyCode: code) == key, "code \(code)")
        }
        let keys = Self.named.compactMap { KeyTranslation.key(forKeyCode: $0.code) }
        #expect(Set(keys).count == Self.named.count)
    }

    @Test("F1 to F12 become function keys 1 to 12")
    func functionKeys() {
        for n in 1...12 {
            #expect(KeyTranslation.key(forKeyCode: pb_key_f(Int32(n))) == .function(n), "F\(n)")
        }
    }

    @Test("codes the workbench has no key for are dropped: F0, F13, F63, resize, mouse, zero, negative")
    func unknownCodes() {
        for code in [pb_key_f(0), pb_key_f(13), pb_key_f(63), KEY_RESIZE, KEY_MOUSE, 0, -1, Int32.max] {
            #expect(KeyTranslation.key(forKeyCode: code) == nil, "code \(code)")
        }
    }

    @Test("the mouse events the backend asks ncurses for are the three it decodes, each told apart")
    func mouseStates() {
        let asked = pb_mouse_events()
        let one = { (bit: mmask_t) in
            [pb_mouse_is_press(bit), pb_mouse_is_wheel_up(bit), pb_mouse_is_wheel_down(bit)].map { $0 != 0 }
        }
        var decoded: [[Bool]] = []
        for shift in 0..<mmask_t.bitWidth {
            let bit = mmask_t(1) << mmask_t(shift)
            guard asked & bit != 0 else {
                #expect(one(bit) == [false, false, false], "bit \(shift) is not asked for and not decoded")
                continue
            }
            decoded.append(one(bit))
        }
        #expect(Set(decoded) == [[true, false, false], [false, true, false], [false, false, true]])
        #expect(decoded.count == 3)
    }
}
