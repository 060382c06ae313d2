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
}
