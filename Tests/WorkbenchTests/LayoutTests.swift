import Testing

@testable import Workbench

@Suite struct LayoutTests {
    @Test(arguments: [
        (100, 30, Layout.Mode.threePanes), (140, 50, .threePanes), (99, 30, .twoPanes), (100, 29, .twoPanes),
        (80, 24, .twoPanes), (60, 16, .twoPanes), (59, 16, .onePane), (60, 15, .onePane), (40, 10, .onePane),
        (39, 10, .tooSmall), (40, 9, .tooSmall), (39, 9, .tooSmall), (0, 0, .tooSmall),
    ])
    func breakpoints(width: Int, height: Int, mode: Layout.Mode) {
        #expect(Layout.mode(for: Size(width: width, height: height)) == mode)
    }

    @Test func threePanesTileTheScreenAboveTheStatusBar() {
        let layout = Layout(size: Size(width: 100, height: 30), focus: .chain)
        let domains = layout.panes[.domains]!, chain = layout.panes[.chain]!, certificate = layout.panes[.certificate]!
        #expect(domains.x == 0 && domains.y == 0)
        #expect(chain.x == 0 && chain.y == domains.maxY && chain.maxY == 29)
        #expect(certificate.x == domains.maxX && certificate.maxX == 100 && certificate.height == 29)
        #expect(domains.width == chain.width)
        #expect(layout.statusBar == Rect(x: 0, y: 29, width: 100, height: 1))
        let area = [domains, chain, certificate].map { $0.width * $0.height }.reduce(0, +)
        #expect(area == 100 * 29)
    }

    @Test func twoPanesShowTheFocusedOrLastDetailPane() {
        let size = Size(width: 80, height: 24)
        #expect(Layout(size: size, focus: .domains, detail: .certificate).visiblePanes == [.domains, .certificate])
        #expect(Layout(size: size, focus: .domains).visiblePanes == [.domains, .chain])
        #expect(Layout(size: size, focus: .chain, detail: .certificate).visiblePanes == [.domains, .chain])
        #expect(Layout(size: size, focus: .certificate).visiblePanes == [.domains, .certificate])
    }

    /// README: the Pins pane "takes the right-hand column while focused", and only then.
    @Test(arguments: [(100, 30), (80, 24)])
    func thePinsPaneHoldsTheRightColumnOnlyWhileFocused(width: Int, height: Int) {
        var state = WorkbenchFixture.state(size: Size(width: width, height: height))
        _ = state.apply(.key(.character("4")))
        #expect(state.layout.panes[.pins] != nil)
        for key: Character in ["1", "2"] {
            var moved = state
            _ = moved.apply(.key(.character("4")))
            _ = moved.apply(.key(.character(key)))
            #expect(moved.layout.panes[.pins] == nil, "after \(key) at \(width)x\(height)")
            #expect(moved.layout.visiblePanes.contains(.certificate) || moved.layout.visiblePanes.contains(.chain))
            #expect(!WorkbenchProgram.view(moved).text.contains("Pins:"), "after \(key)")
        }
        _ = state.apply(.key(.character("1")))
        if width >= 100 {
            #expect(state.layout.visiblePanes == [.domains, .chain, .certificate])
        } else {
            #expect(state.layout.visiblePanes == [.domains, .chain], "the detail pane focused last before Pins")
        }
        // Certificate focused before Pins stays the detail pane in two-pane mode.
        _ = state.apply(.key(.character("3")))
        _ = state.apply(.key(.character("4")))
        _ = state.apply(.key(.character("1")))
        #expect(state.layout.visiblePanes.contains(.certificate))
    }

    @Test func onePaneShowsOnlyTheFocusedPane() {
        let layout = Layout(size: Size(width: 50, height: 12), focus: .certificate)
        #expect(layout.visiblePanes == [.certificate])
        #expect(layout.panes[.certificate] == Rect(x: 0, y: 0, width: 50, height: 11))
    }

    @Test(arguments: [(100, 30), (80, 24), (60, 16), (40, 10), (39, 9)])
    func chromeGolden(width: Int, height: Int) {
        let size = Size(width: width, height: height)
        var frame = Frame(size: size)
        let layout = Layout(size: size, focus: .domains)
        if layout.mode == .tooSmall {
            TooSmallNotice.draw(into: &frame)
        } else {
            _ = PaneChrome.draw(into: &frame, layout: layout, focus: .domains)
            StatusBar.draw(into: &frame, rect: layout.statusBar, keyMap: .standard, focus: .domains, unsaved: true)
        }
        assertSnapshot(frame.text, named: "\(width)x\(height)")
    }

    @Test func tooSmallNoticeSaysWhatIsNeeded() {
        var frame = Frame(size: Size(width: 39, height: 9))
        TooSmallNotice.draw(into: &frame)
        #expect(frame.text.contains("Terminal too small"))
        #expect(frame.text.contains("39x9, need 40x10"))
    }

    @Test func statusBarMarksUnsavedWithTextNotOnlyColour() {
        var frame = Frame(size: Size(width: 80, height: 1))
        StatusBar.draw(into: &frame, rect: frame.bounds, keyMap: .standard, focus: .chain, unsaved: true)
        let line = frame.lineText(0)
        #expect(line.contains("● unsaved"))
        #expect(line.contains("p pin key"))
        #expect(!line.contains("filter"))
        var saved = Frame(size: Size(width: 80, height: 1))
        StatusBar.draw(into: &saved, rect: saved.bounds, keyMap: .standard, focus: .domains, unsaved: false)
        #expect(!saved.lineText(0).contains("unsaved"))
        #expect(saved.lineText(0).contains("/ filter"))
    }
}
