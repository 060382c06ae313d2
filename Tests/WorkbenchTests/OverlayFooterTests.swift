import Testing

@testable import Workbench

/// The status bar under an overlay shows that overlay's keys, from the key table, and dispatch uses the same
/// contexts (``WorkbenchState/activeKeyContexts``), so the footer never advertises a key that does something else.
@Suite struct OverlayFooterTests {
    typealias F = WorkbenchFixture

    /// An edited state (so the quit guard and the diff have something to show), then `keys`.
    func state(_ size: Size, _ keys: [Key]) async -> WorkbenchState {
        var state = F.state(size: Size(width: 100, height: 30))
        await F.press([.character("R"), .down, .character("2"), .character("p")], on: &state)
        _ = state.apply(.resize(size))
        await F.press(keys, on: &state)
        state.update { $0.clearMessage() }
        return state
    }

    static let overlays: [(name: String, keys: [Key], shows: [String], never: [String])] = [
        ("help", [.character("?")], ["Esc close", "↑ up", "↓ down"], ["y yes", "w write", "p pin key"]),
        ("diff", [.character("m")], ["w write", "Esc close", "↑ up"], ["y yes", "? help"]),
        ("writeGate", [.character("w")], ["y write", "n Esc back", "↑ up"], ["? help", "Esc close"]),
        ("confirmDelete", [.character("1"), .character("d")], ["y yes", "n Esc no"], ["↑ up", "w write"]),
        ("quitGuard", [.character("q")], ["y quit", "w write first", "n Esc stay"], ["↑ up", "? help"]),
        ("messageLog", [.character("L")], ["Esc close", "↑ up", "↓ down"], ["y yes", "w write"]),
    ]

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func footerUnderEveryOverlay(width: Int, height: Int) async {
        var footers: [String] = []
        var roles: [String] = []
        var mono: [String] = []
        for overlay in Self.overlays {
            let state = await state(Size(width: width, height: height), overlay.keys)
            #expect(state.overlay != nil, "\(overlay.name) did not open")
            let frame = WorkbenchProgram.view(state)
            let footer = frame.lineText(height - 1)
            for words in overlay.shows { #expect(footer.contains(words), "\(overlay.name): \(footer)") }
            for words in overlay.never { #expect(!footer.contains(words), "\(overlay.name): \(footer)") }
            footers.append("\(overlay.name): " + footer)
            roles.append("\(overlay.name): " + frame.roleMap().split(separator: "\n").last!)
            mono.append(
                "\(overlay.name): "
                    + frame.attributeMap(theme: ThemeCatalog.shipped.defaultTheme, mode: .mono)
                    .split(separator: "\n").last!)
        }
        let name = "\(width)x\(height)"
        assertSnapshot(footers.joined(separator: "\n"), named: name)
        assertSnapshot(roles.joined(separator: "\n"), named: name + ".roles")
        assertSnapshot(mono.joined(separator: "\n"), named: name + ".mono")
    }

    @Test func everyHintInAFooterDoesWhatItSays() async {
        for overlay in Self.overlays {
            let state = await state(Size(width: 160, height: 48), overlay.keys)
            let hints = state.keyMap.statusHints(in: state.activeKeyContexts)
            #expect(!hints.isEmpty)
            for hint in hints {
                for key in hint.keys {
                    #expect(
                        state.keyMap.command(for: key, in: state.activeKeyContexts) == hint.command,
                        "\(overlay.name): \(key)")
                }
            }
        }
    }

    @Test func activeContextsFollowTheOverlay() async {
        var state = F.state()
        #expect(state.activeKeyContexts == [.domains, .global])
        await F.press([.character("2")], on: &state)
        #expect(state.activeKeyContexts == [.chain, .global])
        await F.press([.character("?")], on: &state)
        #expect(state.activeKeyContexts == [.help, .scrolling])
        // `y` means nothing in the help: it neither writes nor closes.
        await F.press([.character("y")], on: &state)
        #expect(state.overlay == .help(HelpPanel(scroll: 0)))
        await F.press([.character("?")], on: &state)
        #expect(state.overlay == nil)
    }
}
