import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A parent can start the workbench with signals blocked, and children inherit the mask: a Swift concurrency
/// thread blocks SIGTERM, SIGINT, SIGHUP and SIGWINCH, so a tool that spawns pinbench from one passes that on. The
/// workbench must still see resizes and stop cleanly on SIGTERM.
@Suite("workbench started with signals blocked")
struct BlockedSignalsTests {
    /// Blocks the signals, then becomes the command after it (perl-base is part of every Debian system).
    let blockingLauncher = [
        "/usr/bin/perl", "-MPOSIX", "-e",
        "sigprocmask(SIG_BLOCK, POSIX::SigSet->new(\(SIGTERM), \(SIGINT), \(SIGHUP), \(SIGWINCH))) or die; "
            + "exec @ARGV or die",
    ]

    @Test("resizes arrive and SIGTERM stops it cleanly, although the parent blocked both")
    func blockedByParent() async throws {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, launcher: blockingLauncher)
        try await tmux.waitFor("1 Domains")
        let pid = try #require(tmux.programPID())

        try tmux.resize(width: 30, height: 8)
        try await tmux.waitFor("Terminal too small") { $0.contains("Terminal too small") }

        kill(pid, SIGTERM)
        #expect(try await tmux.waitForExit() == 128 + SIGTERM)
    }

    @Test("it stops when its terminal goes away, instead of spinning on a dead terminal")
    func terminalGoesAway() async throws {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, launcher: blockingLauncher)
        try await tmux.waitFor("1 Domains")
        let pid = try #require(tmux.programPID())

        try tmux.killServer()
        let deadline = Date().addingTimeInterval(5)
        while isRunning(pid), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!isRunning(pid), "pinbench \(pid) still runs without its terminal")
        if isRunning(pid) { kill(pid, SIGKILL) }
    }

    /// Alive and not a zombie (an orphan's zombie may wait a while for its reaper).
    func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}
