import Foundation
import TestSupport
import Testing

/// The terminal side of the workbench's shell: ASCII markers when the locale is not UTF-8 (or `--ascii`), and the
/// mouse (clicks and the wheel as the terminal encodes them; `--no-mouse` leaves the mouse to the terminal).
@Suite("ASCII markers and the mouse in a real terminal")
struct AsciiAndMouseTests {
    /// Waits for the standard workspace's verdicts in ASCII, checks the screen is all ASCII with every state
    /// marker there, and quits.
    func expectASCIIMarkers(_ tmux: TmuxSession) async throws {
        let screen = try await tmux.waitFor("ASCII markers") {
            $0.contains("+ accepted") && $0.contains("? missing.pinbench.test")
        }
        #expect(screen.allSatisfy { $0.isASCII }, "non-ASCII on screen:\n\(screen)")
        #expect(screen.contains("#= > 1 Domains"), "the focused pane marked in ASCII")
        #expect(screen.contains("*1 o1"), "active and backup pins marked in ASCII")
        #expect(screen.contains(">+ api.pinbench.test"), "the selected, accepted domain")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("LC_ALL=C: every marker and box line is ASCII, none blank")
    func cLocale() async throws {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession.pinbench(
            workspace.workbenchArguments, environment: ["LC_ALL": "C", "LANG": "C", "LC_CTYPE": "C"])
        try await expectASCIIMarkers(tmux)
    }

    @Test("--ascii in a UTF-8 terminal")
    func asciiFlag() async throws {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments + ["--ascii"])
        try await expectASCIIMarkers(tmux)
    }

    /// A press and its release at (x, y), 0-based, in the X10 encoding ncurses asks tmux's terminal for: what a
    /// terminal writes when the user clicks (tmux's own `send-keys -M` only replays mouse events tmux received).
    func click(_ tmux: TmuxSession, _ x: Int, _ y: Int) throws {
        try tmux.send(Self.mouse(button: 0, x, y) + Self.mouse(button: 3, x, y), literal: true)
    }

    static func mouse(button: Int, _ x: Int, _ y: Int) -> String {
        "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + x)))
            + String(UnicodeScalar(UInt8(33 + y)))
    }

    @Test("a click selects a domain and a chain level, the wheel scrolls the certificate")
    func mouse() async throws {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments)
        try await tmux.waitFor("✓ accepted")
        #expect(try tmux.mouseReportingOn(), "the workbench asked for mouse reports")

        try click(tmux, 5, 2)  // the second domain row (missing)
        try await tmux.waitFor("▸? missing.pinbench.test")
        try click(tmux, 5, 1)  // good again
        try await tmux.waitFor("▸✓ api.pinbench.test")
        // The chain pane starts at row 14 in the 100x30 layout; its second level is on row 16.
        try click(tmux, 6, 16)
        let chain = try await tmux.waitFor("Certificate: level 1")
        #expect(chain.contains("▶ 2 Chain"), "the click focused the chain pane")

        // The wheel over the certificate pane scrolls it (the more-above arrow appears on its first row), without
        // moving the focus.
        for _ in 0..<3 { try tmux.send(Self.mouse(button: 65, 70, 10), literal: true) }
        let scrolled = try await tmux.waitFor("the certificate scrolled") {
            $0.split(separator: "\n").dropFirst().first?.hasSuffix("↑│") == true
        }
        #expect(scrolled.contains("▶ 2 Chain"))
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("--no-mouse: the terminal keeps the mouse (no mouse reporting asked for)")
    func noMouse() async throws {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments + ["--no-mouse"])
        try await tmux.waitFor("✓ accepted")
        #expect(try !tmux.mouseReportingOn())
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
