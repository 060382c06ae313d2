import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// The help's legend in a real terminal explains what the Domains pane draws after a name: `ro` included.
@Suite("the help's legend in a real terminal")
struct HelpLegendTests {
    @Test("a report-only domain shows ro, and the help's legend says what ro means")
    func reportOnlyMarkerIsExplained() async throws {
        let pki = TestPKI.shared
        let workspace = try OfflineWorkspace(
            root: pki.root, chains: [pki.host: pki.good],
            domains: [DomainPolicy(host: pki.host, mode: .reportOnly)])
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        let list = try await tmux.waitFor("no pins ro")
        #expect(list.contains(pki.host))
        try tmux.send("?", "G")
        let legend = try await tmux.waitFor("After a domain's name")
        #expect(legend.contains("ro       report-only: a pin mismatch is reported"), "\(legend)")
        #expect(legend.contains("no pins  the domain lists no pins yet"), "\(legend)")
        try tmux.send("Escape", "q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// The demo's `tls11` server: its pins match, but ATS refuses TLS 1.1, so its row shows `!` and the legend says
    /// what `!` means. After the first CT round the bottom line still offers `q quit`, and `C clients` at 120 columns.
    @Test("tls11's row shows ! as the legend explains it; the bottom line keeps q quit and C clients after a CT round")
    func atsRowAndBottomLine() async throws {
        let folder = TemporaryFolder()
        let manifest = folder.url.appendingPathComponent("pins.json").path
        let tmux = try TmuxSession.pinbench(["demo", "--manifest", manifest], width: 160, height: 40)
        let list = try await tmux.waitFor("tls11.pinbench.test") { $0.contains("! tls11.pinbench.test") }
        #expect(!list.contains("✓ tls11.pinbench.test"), "\(list)")

        // The first CT round read: its word on the bottom line, beside the keys.
        let afterRound = try await tmux.waitFor("CT: … advanced") { screen in
            let bottom = screen.split(separator: "\n").last ?? ""
            return bottom.contains("CT: ") && bottom.contains("advanced")
        }
        let bottom = afterRound.split(separator: "\n").last.map(String.init) ?? ""
        #expect(bottom.contains("q quit") && bottom.contains("? help") && bottom.contains("C clients"), "\(bottom)")
        try tmux.resize(width: 120, height: 34)
        let narrower = try await tmux.waitFor("120 columns") { screen in
            (screen.split(separator: "\n").first?.count ?? 0) <= 120 && screen.contains("q quit")
        }
        let bottom120 = narrower.split(separator: "\n").last.map(String.init) ?? ""
        #expect(bottom120.contains("q quit") && bottom120.contains("C clients"), "\(bottom120)")

        try tmux.send("?", "G")
        let legend = try await tmux.waitFor("After a domain's name")
        #expect(legend.contains("!  accepted but failing ATS; or not pinned"), "\(legend)")
        try tmux.send("Escape", "q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
