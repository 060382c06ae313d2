import Foundation
import TestSupport
import Testing

/// `pinbench demo` watches the lab's own two CT logs in the background: the Transparency view (`T`) of the
/// rotating host lists the certificates logged for it, and names the demo release the renewal with a new key locks
/// out (2.0 pins only today's leaf key), as the state file beside the demo manifest records it.
@Suite("the CT findings of the demo in a real terminal", .serialized)
struct TransparencyWorkbenchTests {
    let rotating = "rotating.pinbench.test"

    @Test("T on the rotating host shows the renewal with a new key locking out release 2.0")
    func rotatedCertificateLocksOutTwoPointZero() async throws {
        let folder = TemporaryFolder()
        let manifestURL = folder.url.appendingPathComponent("pins.json")
        let tmux = try TmuxSession.pinbench(["demo", "--manifest", manifestURL.path], width: 160, height: 48)
        try await tmux.waitFor("✓ good.pinbench.test")
        try tmux.send("/")
        try tmux.send("rotating.", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor("✓ \(rotating)")
        try tmux.send("T")
        try await tmux.waitFor("Transparency: \(rotating)")
        var view = try await tmux.waitFor("logged certificates, newest first")
        // Scroll until the renewal's lockout is on screen (the view lists every logged certificate of the host).
        for _ in 0..<6 where !view.contains("LOCKS OUT 2.0,") {
            try tmux.send("PageDown")
            try await Task.sleep(for: .milliseconds(300))
            view = try tmux.capture()
        }
        #expect(view.contains("LOCKS OUT 2.0, still enforcing pins"), "\(view)")
        #expect(view.contains("2.0 ✗ LOCKED OUT"), "\(view)")
        #expect(view.contains("Lab"), "the log's name: \(view)")

        // The state file beside the demo manifest says the same: a finding for the host that 2.0 rejects.
        let data = try #require(folder.read("ct-watch.json"))
        let state = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let findings = try #require(state["findings"] as? [[String: Any]])
        let lockingOutTwo = findings.filter { finding in
            let hosts = finding["hosts"] as? [[String: Any]] ?? []
            return hosts.contains { host in
                host["host"] as? String == rotating
                    && (host["releases"] as? [[String: Any]] ?? []).contains {
                        $0["name"] as? String == "2.0" && $0["outcome"] as? String == "locked-out"
                    }
            }
        }
        #expect(!lockingOutTwo.isEmpty, "\(findings)")
        let keys = lockingOutTwo.compactMap { $0["spki"] as? String }
        #expect(keys.contains { view.contains("sha256/" + $0) }, "the view shows a key the file names: \(keys)")

        try tmux.send("Escape")
        // The status bar says when the watch last moved in a log (the first round read both from their start).
        try await tmux.waitFor("advanced") { $0.contains("CT: PinBench Lab Log") && $0.contains(" advanced ") }
        #expect(try await tmux.quitWorkbench() == 0)
    }
}
