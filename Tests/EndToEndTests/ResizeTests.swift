import TestSupport
import Testing

/// Resizing the real terminal: below 40x10 the panes give way to a notice, and come back when there is room.
@Suite("workbench resize in a real terminal")
struct ResizeTests {
    @Test("too small shows the notice; back at 100x30 the three panes return")
    func tooSmallAndBack() async throws {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        let threePanes: (String) -> Bool = {
            $0.contains("1 Domains") && $0.contains("2 Chain") && $0.contains("3 Certificate")
        }
        try await tmux.waitFor("three panes", threePanes)

        try tmux.resize(width: 30, height: 8)
        // tmux may pass through an intermediate size on the way: wait for the final one.
        let small = try await tmux.waitFor("the notice at 30x8") {
            $0.contains("Terminal too small") && $0.contains("30x8, need 40x10")
        }
        #expect(!small.contains("Domains"), "\(small)")

        try tmux.resize(width: 100, height: 30)
        let back = try await tmux.waitFor("the three panes again") { threePanes($0) && !$0.contains("too small") }
        #expect(back.contains(TestPKI.shared.host), "\(back)")

        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
