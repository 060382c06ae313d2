import Testing

@testable import Workbench

/// Mouse events as pure messages against the layout: a click focuses the pane and selects the row under the
/// pointer, the wheel scrolls the pane under the pointer (or the open overlay).
@Suite struct MouseTests {
    typealias F = WorkbenchFixture

    func fetched(_ size: Size = Size(width: 100, height: 30)) async -> WorkbenchState {
        var state = F.state(size: size)
        await F.press([.character("R")], on: &state)
        return state
    }

    func click(_ x: Int, _ y: Int, _ state: inout WorkbenchState) {
        _ = state.apply(.mouse(MouseEvent(.press, at: Point(x: x, y: y))))
    }

    @Test func clickingADomainRowSelectsIt() async {
        var state = await fetched()
        let rect = state.layout.panes[.domains]!
        // Rows start inside the border: the third row is the third domain (mitm).
        click(rect.x + 5, rect.y + 3, &state)
        #expect(state.selection.focus == .domains)
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
        // Below the last domain: focus, no change of selection.
        click(rect.x + 5, rect.y + 10, &state)
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
        // On the border: focus only.
        click(rect.x, rect.y + 1, &state)
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
    }

    @Test func clickingAChainLevelFocusesTheChainAndSelectsIt() async {
        var state = await fetched()
        click(3, 2, &state)  // good
        let chain = state.layout.panes[.chain]!
        click(chain.x + 4, chain.y + 2, &state)
        #expect(state.selection.focus == .chain)
        #expect(state.selection.selectedLevel == 1)
        #expect(WorkbenchProgram.view(state).text.contains("Certificate: level 1 CA"))
        let certificate = state.layout.panes[.certificate]!
        click(certificate.x + 10, certificate.y + 5, &state)
        #expect(state.selection.focus == .certificate)
        #expect(state.selection.selectedLevel == 1)
    }

    @Test func theWheelScrollsThePaneUnderThePointerWithoutTakingTheFocus() async {
        var state = await fetched()
        click(3, 3, &state)  // mitm: its certificate pane is longer than the screen
        let certificate = state.layout.panes[.certificate]!
        let inCertificate = Point(x: certificate.x + 10, y: certificate.y + 10)
        _ = state.apply(.mouse(MouseEvent(.wheelDown, at: inCertificate)))
        #expect(state.selection.certificateScroll.offset == WorkbenchState.wheelLines)
        #expect(state.selection.focus == .domains)
        _ = state.apply(.mouse(MouseEvent(.wheelUp, at: inCertificate)))
        _ = state.apply(.mouse(MouseEvent(.wheelUp, at: inCertificate)))
        #expect(state.selection.certificateScroll.offset == 0)

        _ = state.apply(.mouse(MouseEvent(.wheelDown, at: Point(x: 3, y: 2))))
        #expect(state.selectedDomainPolicy?.host == "offline.pinbench.test")
        _ = state.apply(.mouse(MouseEvent(.wheelUp, at: Point(x: 3, y: 2))))
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
        let chain = state.layout.panes[.chain]!
        _ = state.apply(.mouse(MouseEvent(.wheelDown, at: Point(x: chain.x + 3, y: chain.y + 3))))
        #expect(state.selection.selectedLevel == 1)
        #expect(state.selection.focus == .domains)
    }

    @Test func theWheelScrollsAnOverlayAndClicksDoNotReachThePanesBelow() async {
        var state = await fetched()
        await F.press([.character("?")], on: &state)
        _ = state.apply(.mouse(MouseEvent(.wheelDown, at: Point(x: 50, y: 15))))
        #expect(state.overlay == .help(HelpPanel(scroll: WorkbenchState.wheelLines)))
        click(3, 3, &state)
        #expect(state.overlay == .help(HelpPanel(scroll: WorkbenchState.wheelLines)))
        #expect(state.selection.selectedDomain == 0)
    }

    @Test func noMouseWhileTypingOrWhenTooSmall() async {
        var state = await fetched()
        await F.press([.character("/")], on: &state)
        click(3, 3, &state)
        #expect(state.selection.selectedDomain == 0)
        #expect(state.prompt != nil)
        await F.press([.escape], on: &state)

        _ = state.apply(.resize(Size(width: 30, height: 8)))
        click(3, 3, &state)
        #expect(state.selection.selectedDomain == 0)
    }

    @Test func inTwoPaneModeTheClickFollowsThatLayout() async {
        var state = await fetched(Size(width: 80, height: 24))
        #expect(state.layout.mode == .twoPanes)
        let right = state.layout.panes[.chain]!
        click(right.x + 3, right.y + 1, &state)
        #expect(state.selection.focus == .chain)
        #expect(state.selection.selectedLevel == 0)
    }
}
