import Foundation
import TestSupport
import Testing

/// `pinbench demo` runs a report collector beside its manifest and the lab's simulated fleet posts to it: the
/// Reports view (`V`) of the rotating host shows release 2.0's lockout after the renewal with a new key, and that of
/// mitm.pinbench.test the interception; Enter shows a report's chain in the Chain pane.
@Suite("the demo's field reports in a real terminal", .serialized)
struct ReportsWorkbenchTests {
    /// Closes an open view, clears the filter, and filters the Domains list down to `host`.
    func select(_ host: String, in tmux: TmuxSession) async throws {
        try tmux.send("Escape")
        try tmux.send("Escape")
        try tmux.send("/")
        try tmux.send(String(host.prefix { $0 != "." }) + ".", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor(host) { $0.contains("Chain: \(host)") }
    }

    /// Closes the view and quits, past the quit guard if it asks; the workbench exits 0.
    func quit(_ tmux: TmuxSession) async throws {
        try tmux.send("Escape")
        #expect(try await tmux.quitWorkbench() == 0)
    }

    @Test("V shows the lockout on the rotating host and the interception on mitm, from the demo's fleet")
    func demoFleetReports() async throws {
        let folder = TemporaryFolder()
        let manifestURL = folder.url.appendingPathComponent("pins.json")
        let tmux = try TmuxSession.pinbench(["demo", "--manifest", manifestURL.path], width: 160, height: 48)
        try await tmux.waitFor("✓ good.pinbench.test")
        try await select("rotating.pinbench.test", in: tmux)
        try tmux.send("V")
        var view = try await tmux.waitFor("Reports: rotating.pinbench.test") { $0.contains("Latest 1") }
        #expect(view.contains("✗ lockout       2.0       8        1"), "\(view)")
        #expect(view.contains("lockout (pins-reject) · release 2.0 · app 2.0, IOS · 8 received"), "\(view)")
        try tmux.send("Enter")
        view = try await tmux.waitFor("report chain") { $0.contains(", report #") }
        #expect(view.contains("Chain: rotating.pinbench.test, report #"), "\(view)")

        try await select("mitm.pinbench.test", in: tmux)
        try tmux.send("V")
        view = try await tmux.waitFor("Reports: mitm.pinbench.test") { $0.contains("Latest 1") }
        #expect(view.contains("✗ interception  2.1       3        1"), "\(view)")
        #expect(view.contains("interception (untrusted-root)"), "\(view)")

        try await select("good.pinbench.test", in: tmux)
        try tmux.send("V")
        view = try await tmux.waitFor("Reports: good.pinbench.test") { $0.contains("Latest 2") }
        #expect(view.contains("client-fault  2.1       3        2"), "\(view)")
        try await quit(tmux)
        // The database stays beside the manifest: what the collector stored, read back by sqlite3.
        let rows = try await OffPoolThread.run {
            try ProcessRunner.run(
                "/usr/bin/sqlite3",
                [
                    folder.path("reports.db"),
                    "SELECT host, judgement, sum(count) FROM reports GROUP BY 1, 2 ORDER BY 1, 2",
                ])
        }
        #expect(
            rows.stdoutText
                == "good.pinbench.test|client-fault|3\nmitm.pinbench.test|interception|3\n"
                + "rotating.pinbench.test|lockout|8\n", "\(rows.stderrText)")

        // The workbench on the demo's manifest (its lab gone) reads another database with --reports-db, and without
        // one says how to start a collector for the missing reports.db beside the manifest.
        let moved = folder.url.appendingPathComponent("field/reports-copy.db")
        try FileManager.default.createDirectory(
            at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"]
        where FileManager.default.fileExists(atPath: folder.path("reports.db" + suffix)) {
            try FileManager.default.moveItem(
                atPath: folder.path("reports.db" + suffix), toPath: moved.path + suffix)
        }
        for arguments in [["--reports-db", moved.path], []] {
            let workbench = try TmuxSession.pinbench(
                ["workbench", "--manifest", manifestURL.path] + arguments, width: 160, height: 48)
            try await workbench.waitFor("good.pinbench.test")
            try await select("rotating.pinbench.test", in: workbench)
            try workbench.send("V")
            let screen = try await workbench.waitFor("Reports: rotating.pinbench.test") {
                $0.contains(arguments.isEmpty ? "No field reports yet" : "Latest 1")
            }
            if !arguments.isEmpty {
                #expect(screen.contains("✗ lockout       2.0       8        1"), "\(screen)")
            }
            try await quit(workbench)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("reports.db")), "the workbench never creates one")
    }
}
