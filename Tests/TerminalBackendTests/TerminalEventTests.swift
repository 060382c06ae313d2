import CNcursesw
import Testing
import Workbench

@testable import TerminalBackend

/// What the backend hands the workbench: each terminal event as the message `update` takes, and a theme's text
/// attributes as the curses attribute bits they name.
@Suite("Terminal backend: events and attributes")
struct TerminalEventTests {
    @Test("a key, a resize and a mouse event each become the workbench message that carries them")
    func messages() {
        for key in [Key.character("q"), .function(5), .control("z")] {
            guard case .key(let carried) = TerminalEvent.key(key).message else {
                Issue.record("\(key) did not become a key message")
                continue
            }
            #expect(carried == key)
        }
        let size = Size(width: 100, height: 30)
        if case .resize(let carried) = TerminalEvent.resize(size).message {
            #expect(carried == size)
        } else {
            Issue.record("a resize did not become a resize message")
        }
        let wheel = MouseEvent(.wheelDown, at: Point(x: 3, y: 4))
        if case .mouse(let carried) = TerminalEvent.mouse(wheel).message {
            #expect(carried == wheel)
        } else {
            Issue.record("a wheel notch did not become a mouse message")
        }
    }

    @Test("each text attribute sets its own curses bit; together they set all of them; none sets none")
    func attributes() {
        let pairs: [(TextAttributes, attr_t)] = [
            (.bold, pb_a_bold()), (.dim, pb_a_dim()), (.reverse, pb_a_reverse()), (.underline, pb_a_underline()),
            (.italic, pb_a_italic()),
        ]
        #expect(Palette.curses([]) == pb_a_normal())
        var all: TextAttributes = []
        var bits = pb_a_normal()
        for (attribute, bit) in pairs {
            #expect(bit != pb_a_normal())
            #expect(Palette.curses(attribute) == pb_a_normal() | bit)
            all.insert(attribute)
            bits |= bit
        }
        #expect(Set(pairs.map(\.1)).count == pairs.count)
        #expect(Palette.curses(all) == bits)
    }

    @Test("without colour, every role of every shipped theme is attributes only (pair 0), extra attributes added")
    func monoPalette() {
        for theme in ThemeCatalog.shipped.themes {
            var palette = Palette(theme: theme, mode: .mono)
            for role in StyleRole.allCases {
                let expected = Palette.curses(theme.appearance(for: role, mode: .mono).attributes)
                let (plain, pair) = palette.attributes(for: role, extra: [])
                #expect(plain == expected && pair == 0, "\(theme.name) \(role)")
                let (underlined, _) = palette.attributes(for: role, extra: .underline)
                #expect(underlined == expected | pb_a_underline(), "\(theme.name) \(role)")
            }
        }
    }
}
