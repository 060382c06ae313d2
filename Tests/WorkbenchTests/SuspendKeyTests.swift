import Testing

@testable import Workbench

/// Ctrl-Z is the terminal's job control, never undo: it asks the backend to suspend; `z` stays undo.
@Suite struct SuspendKeyTests {
    typealias F = WorkbenchFixture

    @Test func ctrlZSuspendsAndLeavesTheEditsAlone() async {
        var state = F.state()
        await F.press([.character("R"), .down, .character("2"), .character("p")], on: &state)
        let edited = state.manifest
        let effects = state.apply(.key(.control("z")))
        guard case .suspend = effects.first, effects.count == 1 else {
            Issue.record("Ctrl-Z gave \(effects)")
            return
        }
        #expect(state.manifest == edited)
        #expect(state.undoStack.count == 1)
        await F.press([.character("z")], on: &state)
        #expect(state.manifest == F.manifest().canonicallyOrdered)
    }

    @Test func ctrlZWorksEvenWhenTheTerminalIsTooSmall() {
        var state = F.state(size: Size(width: 30, height: 8))
        guard case .suspend = state.apply(.key(.control("z"))).first else {
            Issue.record("no suspend below the minimum size")
            return
        }
    }

    @Test func theKeyTableAndHelpSaySo() {
        let map = KeyMap.standard
        #expect(map.command(for: .control("z"), focus: .chain) == .suspend)
        #expect(map.command(for: .character("z"), focus: .chain) == .undo)
        #expect(!map.bindings.contains { $0.key == .control("z") && $0.command == .undo })
        let help = HelpOverlay.lines(keyMap: map).map(\.text)
        #expect(help.contains { $0.contains("C-z") && $0.contains("suspend") })
        #expect(help.contains { $0.hasPrefix("  z ") && $0.contains("undo") })
    }
}
