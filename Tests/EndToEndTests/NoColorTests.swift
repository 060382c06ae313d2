import TestSupport
import Testing

/// NO_COLOR (no-color.org) in a real terminal: attributes may stay, colour must go.
@Suite("NO_COLOR in a real terminal")
struct NoColorTests {
    /// The workbench on the standard offline workspace, once its verdict is on screen; the capture keeps escapes.
    func coloredCapture(noColor: String) async throws -> String {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, environment: ["NO_COLOR": noColor])
        try await tmux.waitFor("✓ accepted")
        try await tmux.waitFor("? missing.pinbench.test")
        let screen = try tmux.capture(escapes: true)
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
        return screen
    }

    @Test("with NO_COLOR=1 the screen has attributes but no colour escape sequence")
    func noColor() async throws {
        let screen = try await coloredCapture(noColor: "1")
        #expect(ColorEscapes.colorSequences(in: screen) == [], "\(screen.debugDescription)")
        #expect(!ColorEscapes.sgrParameters(in: screen).isEmpty, "the selection and focus still show, by attributes")
    }

    @Test("without NO_COLOR the same screen has colour (so the scan above can see it)")
    func colorByDefault() async throws {
        let screen = try await coloredCapture(noColor: "")
        #expect(!ColorEscapes.colorSequences(in: screen).isEmpty, "\(screen.debugDescription)")
    }
}
