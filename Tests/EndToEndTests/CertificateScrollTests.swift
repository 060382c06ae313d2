import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// The Certificate pane scrolled to its end in a real terminal: `G`, PgDn and `j` all reach the last line (the last
/// pin's label), at each size the golden screens use.
@Suite("Certificate pane scrolling in a real terminal")
struct CertificateScrollTests {
    let pki = TestPKI.shared

    /// The shared good chain, pinned with twenty labelled backups so that the pane is longer than any screen; with
    /// `other`, a second domain with the same pins and no chain.
    func workspace(other: String? = nil) throws -> (OfflineWorkspace, lastLabel: String) {
        let leaf = Pin(
            certificate: CertificateDetails(pki.good.leaf.certificate), level: 0, type: .spkiSHA256, added: Date())
        let spares = (1...20).map { index in
            Pin(
                type: .spkiSHA256, value: Data(repeating: UInt8(index), count: 32).base64EncodedString(),
                role: .backup, label: "spare key \(index) of 20")
        }
        let domain = DomainPolicy(host: pki.host, pins: [leaf] + spares)
        let others = other.map { [DomainPolicy(host: $0, pins: [leaf] + spares)] } ?? []
        let workspace = try OfflineWorkspace(
            root: pki.root, chains: [pki.host: pki.good], domains: [domain] + others)
        // The pane lists pins in the manifest's order as loaded (canonical); the last one's label ends it.
        let last = try #require(PinManifest(domains: [domain]).canonicallyOrdered.domains[0].pins.last?.label)
        return (workspace, last)
    }

    static let sizes = [(80, 24), (100, 30), (160, 48)]
    static let keys: [[String]] = [
        ["G"], ["End"], Array(repeating: "NPage", count: 30), Array(repeating: "j", count: 120),
    ]

    @Test("G, End, PgDn and j reach the last line of the Certificate pane", arguments: sizes)
    func scrollsToTheEnd(width: Int, height: Int) async throws {
        let (workspace, lastLabel) = try workspace()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: width, height: height)
        try await tmux.waitFor("✓ \(pki.host)")  // fetched and judged
        for keys in Self.keys {
            try tmux.send("3", "g")
            try await tmux.waitFor("the top of the pane") { !$0.contains(lastLabel) && $0.contains("Subject") }
            for key in keys { try tmux.send(key) }
            let screen = try await tmux.waitFor("the last pin's label, after \(keys.first!) x\(keys.count)") {
                $0.contains(lastLabel)
            }
            #expect(screen.contains(lastLabel))
            // At the end there is nothing more below: no "more below" arrow in the pane.
            #expect(!screen.contains("↓"), "\(keys.first!): \(screen)")
        }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("a domain selected by the filter starts at the top of its certificate, not at the last one's offset")
    func filteringStartsAtTheTop() async throws {
        let (workspace, lastLabel) = try workspace(other: "zz.pinbench.test")
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 100, height: 30)
        try await tmux.waitFor("? zz.pinbench.test")  // both judged; zz has no chain file
        try tmux.send("3", "G")
        try await tmux.waitFor(lastLabel)
        try tmux.send("1", "/")
        try tmux.send("zz", literal: true)
        try tmux.send("Enter")
        let screen = try await tmux.waitFor("zz.pinbench.test  enforce")
        #expect(!screen.contains("↑"), "nothing above the top: \(screen)")
        #expect(!screen.contains(lastLabel), "the pane starts at its top: \(screen)")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
