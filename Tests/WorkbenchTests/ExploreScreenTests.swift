import Foundation
import Testing

@testable import Workbench

/// Golden screens of the Connection section, the copy dialog, the export chooser and a search, at the three
/// breakpoint sizes, as text, style roles (colour themes) and mono attributes (`NO_COLOR`).
@Suite struct ExploreScreenTests {
    typealias F = WorkbenchFixture
    static let sizes = [(80, 24), (100, 30), (160, 48)]

    /// good fetched live (connection facts) and judged, its leaf selected, the Certificate pane focused.
    func scenario(_ size: Size) async -> WorkbenchState {
        var state = F.state()
        await F.press([.character("R")], on: &state)
        await F.deliverLive("good.pinbench.test", on: &state)
        await F.press([.down, .character("3")], on: &state)
        _ = state.apply(.resize(size))
        return state
    }

    func record(_ state: WorkbenchState, _ name: String, function: String = #function) {
        let frame = WorkbenchProgram.view(state)
        assertSnapshot(frame.text, named: name, function: function)
        assertSnapshot(frame.roleMap(), named: name + ".roles", function: function)
        let theme = ThemeCatalog.shipped.defaultTheme
        assertSnapshot(frame.attributeMap(theme: theme, mode: .mono), named: name + ".mono", function: function)
    }

    @Test(arguments: sizes)
    func connectionSection(width: Int, height: Int) async {
        var state = await scenario(Size(width: width, height: height))
        let line = state.certificateLines.firstIndex(of: "Connection") ?? 0
        state.update { $0.selection.certificateScroll.offset = max(0, line - 1) }
        let text = WorkbenchProgram.view(state).text
        #expect(text.contains("Connection"))
        #expect(text.contains("✗ fails App Transport Security"))
        record(state, "\(width)x\(height)")
    }

    /// A server that speaks only TLS 1.1 (the lab's `tls11`): reachable, its key exchange named, and ATS's refusal
    /// with the exception key that would allow it.
    @Test(arguments: sizes)
    func legacyProtocolSection(width: Int, height: Int) async {
        var state = F.state()
        await F.press([.character("R")], on: &state)
        await F.deliverLive(
            "good.pinbench.test", protocolVersion: "TLSv1.1", suite: "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
            group: "x25519", on: &state)
        await F.press([.down, .character("3")], on: &state)
        _ = state.apply(.resize(Size(width: width, height: height)))
        let line = state.certificateLines.firstIndex(of: "Connection") ?? 0
        state.update { $0.selection.certificateScroll.offset = max(0, line - 1) }
        let text = WorkbenchProgram.view(state).text
        #expect(text.contains("TLSv1.1"))
        #expect(text.contains("ECDHE, group x25519"))
        #expect(text.contains("TLS 1.1 <"))
        if width >= 100 { #expect(text.contains("NSExceptionMinimumTLSVersion")) }
        record(state, "\(width)x\(height)")
    }

    @Test(arguments: sizes)
    func copyDialog(width: Int, height: Int) async {
        var state = await scenario(Size(width: width, height: height))
        await F.press([.character("y")], on: &state)
        #expect(WorkbenchProgram.view(state).text.contains("✓ sent to the clipboard"))
        record(state, "\(width)x\(height)")
    }

    @Test(arguments: sizes)
    func exportChooser(width: Int, height: Int) async {
        var state = await scenario(Size(width: width, height: height))
        await F.press([.character("x"), .down], on: &state)
        #expect(WorkbenchProgram.view(state).text.contains("Export"))
        record(state, "\(width)x\(height)")
    }

    @Test(arguments: sizes)
    func searchHighlight(width: Int, height: Int) async {
        var state = await scenario(Size(width: width, height: height))
        await F.press([.character("/")] + F.type("pinbench") + [.enter, .character("n")], on: &state)
        record(state, "\(width)x\(height)")
    }
}
