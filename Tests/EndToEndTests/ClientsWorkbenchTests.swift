import Foundation
import TestSupport
import Testing

/// `pinbench demo` in a real terminal: the Clients view (`C`) of `good.pinbench.test`, which the demo pins on the lab
/// root's key and certificate (position ca) and a spare key (position any). The lab serves the leaf and the
/// intermediate only, so PinBench accepts on the root that path building adds, while curl, which compares the leaf it
/// was sent, rejects: its line carries the difference mark and says they disagree on the connection.
@Suite("the client verdicts of the demo in a real terminal", .serialized)
struct ClientsWorkbenchTests {
    let good = "good.pinbench.test"

    @Test("C on the good host marks curl, which rejects the chain PinBench accepts on the unsent root")
    func curlDisagreesOnTheRootPin() async throws {
        let folder = TemporaryFolder()
        let manifestURL = folder.url.appendingPathComponent("pins.json")
        let tmux = try TmuxSession.pinbench(["demo", "--manifest", manifestURL.path], width: 160, height: 48)
        try await tmux.waitFor("✓ \(good)")
        try tmux.send("/")
        try tmux.send("good.", literal: true)
        try tmux.send("Enter")
        try tmux.send("C")
        try await tmux.waitFor("Clients: \(good)")
        let view = try await tmux.waitFor("the curl row") { screen in
            screen.split(separator: "\n").contains { $0.contains("≠ ✗ curl") }
        }
        let rows = view.split(separator: "\n").map(String.init)
        let curl = try #require(rows.firstIndex { $0.contains("≠ ✗ curl") })
        #expect(rows[curl].contains("rejected"), "\(view)")
        let below = rows[curl...].prefix(4).joined(separator: "\n")
        #expect(below.contains("curl: (90)"), "curl's own words: \(view)")
        #expect(below.contains("PinBench says accepted, curl rejected: they disagree on the connection"), "\(view)")
        #expect(view.contains("✓ PinBench: accepted"), "\(view)")
        // OkHttp takes the root from its trust manager, so its pin matches there: no mark.
        let okhttp = try #require(rows.first { $0.contains("OkHttp 4 ") })
        #expect(okhttp.contains("✓ OkHttp 4") && !okhttp.contains("≠"), "\(okhttp)")
        #expect(okhttp.contains("root, level 2"), "\(okhttp)")
        // The demo's unpinned report-only domains are not pinned: TrustKit leaves them out and accepts on the root
        // key like OkHttp, instead of refusing its whole configuration.
        let trustkit = try #require(rows.first { $0.contains("TrustKit ") })
        #expect(trustkit.contains("✓ TrustKit") && !trustkit.contains("≠"), "\(trustkit)")
        #expect(!view.contains("configuration-refused"), "\(view)")

        try tmux.send("Escape")
        try await tmux.waitFor("closed") { !$0.contains("Clients: \(good)") }
        #expect(try await tmux.quitWorkbench() == 0)
    }
}
