import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// A certificate is attacker-controlled text. One whose subject carries terminal escape sequences must reach the
/// screen as visible, harmless text, never as sequences the terminal obeys.
@Suite("hostile certificate text in a real terminal")
struct HostileCertificateTests {
    let host = "evil.pinbench.test"
    /// Retitles the window, clears the screen, turns the text red.
    let hostileName = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31mevil"

    @Test("a subject with escape sequences neither retitles the pane nor reaches the terminal raw")
    func escapesInSubject() async throws {
        let pki = TestPKI.shared
        let leaf = try CertificateIssuer.leaf(commonName: hostileName, dnsNames: [host], issuer: pki.intermediate)
        let workspace = try OfflineWorkspace(
            root: pki.root, chains: [host: IssuedChain(leaf: leaf, intermediates: [pki.intermediate], root: pki.root)],
            domains: [DomainPolicy(host: host)])
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments)
        let screen = try await tmux.waitFor(#"\u{1B}]0;PWNED\u{7}"#)
        #expect(screen.contains(#"\u{1B}[2J\u{1B}[31mevil"#), "\(screen)")
        #expect(try tmux.paneTitle() != "PWNED")
        #expect(!screen.contains("\u{1B}"))
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("the same sequence printed raw does retitle the pane (the check above can fail)")
    func rawSequenceRetitles() async throws {
        let tmux = try TmuxSession(
            executable: "/bin/sh", arguments: ["-c", #"printf '\033]0;PWNED\007'; exec sleep 30"#], width: 40,
            height: 5)
        let deadline = Date().addingTimeInterval(20)
        var title = try tmux.paneTitle()
        while title != "PWNED" && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            title = try tmux.paneTitle()
        }
        #expect(title == "PWNED")
    }
}
