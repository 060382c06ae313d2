import Foundation
import Testing

@testable import Workbench

/// Golden screens: the whole workbench rendered in memory at the breakpoint sizes, as text, as style roles (what
/// colour themes colour) and as mono attributes (what `NO_COLOR` shows).
@Suite struct ScreenTests {
    typealias F = WorkbenchFixture

    /// Everything fetched; good pinned (leaf key active, CA key backup) and judged; the Chain pane focused on the
    /// good leaf.
    func scenario(_ size: Size) async -> WorkbenchState {
        var state = F.state(size: Size(width: 100, height: 30))
        await F.press(
            [.character("R"), .down, .character("2"), .character("p"), .down, .character("p"), .character("b"), .up],
            on: &state)
        _ = state.apply(.resize(size))
        return state
    }

    @Test(arguments: [(100, 30), (80, 24), (60, 16), (40, 10), (39, 9)])
    func overview(width: Int, height: Int) async {
        let state = await scenario(Size(width: width, height: height))
        let frame = WorkbenchProgram.view(state)
        let name = "\(width)x\(height)"
        assertSnapshot(frame.text, named: name)
        assertSnapshot(frame.roleMap(), named: name + ".roles")
        let mono = ThemeCatalog.shipped.defaultTheme
        assertSnapshot(frame.attributeMap(theme: mono, mode: .mono), named: name + ".mono")
    }

    @Test func overviewShowsMarkersNotJustColour() async {
        let frame = WorkbenchProgram.view(await scenario(Size(width: 100, height: 30)))
        let text = frame.text
        #expect(text.contains("✓ good.pinbench.test"))
        #expect(text.contains("✗ mitm.pinbench.test"))
        #expect(text.contains("? offline.pinbench.test:8443"))
        #expect(text.contains("● unsaved"))
        #expect(text.contains("key● ✓match"))
        #expect(text.contains("! 17 days left"))
        // Focus shows as heavy lines and a pointer, not only as colour.
        #expect(text.contains("┏━ ▶ 2 Chain"))
    }

    @Test func writeGateScreen() async {
        var state = await scenario(Size(width: 100, height: 30))
        await F.press([.character("w")], on: &state)
        let frame = WorkbenchProgram.view(state)
        assertSnapshot(frame.text)
        #expect(frame.text.contains("Write pins.json?"))
    }

    @Test func helpScreen() async {
        var state = await scenario(Size(width: 100, height: 30))
        await F.press([.character("?")], on: &state)
        assertSnapshot(WorkbenchProgram.view(state).text)
    }

    @Test func everyShippedThemeStylesEveryRoleOfTheScreen() async {
        let frame = WorkbenchProgram.view(await scenario(Size(width: 100, height: 30)))
        let used = Set(frame.cells.map(\.role))
        for theme in ThemeCatalog.shipped.themes {
            for role in used {
                // Every role used resolves to something explicit in the theme or the default it falls back to.
                #expect(theme.styles[role] != nil || theme.fallback[role] != nil, "\(theme.name) \(role)")
            }
        }
    }
}
