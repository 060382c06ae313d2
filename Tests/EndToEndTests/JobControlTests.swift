import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-Z in a real shell with job control: the workbench hands the terminal back and stops; `jobs` lists it as
/// stopped; `fg` brings it back with the whole screen drawn again (at the size the terminal has by then) and the
/// session as it was.
@Suite("Ctrl-Z suspends the workbench to the shell; fg restores it")
struct JobControlTests {
    @Test("C-z, jobs, resize, fg: stopped, listed, then redrawn whole with the selection kept")
    func suspendAndResume() async throws {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession(
            command: "/bin/bash --norc --noprofile -i", width: 100, height: 30,
            environment: ["PS1": "shell$ ", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HISTFILE": "/dev/null"])
        try await tmux.waitFor("shell$")
        let command = ([PinBenchBinary.url.path] + workspace.workbenchArguments).map(TmuxSession.shellQuoted)
        try tmux.send(command.joined(separator: " "), literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor("✓ accepted")
        try tmux.send("j")
        try await tmux.waitFor("▸? missing.pinbench.test")

        try tmux.send("C-z")
        let shell = try await tmux.waitFor("the shell back") {
            $0.contains("Stopped") && !$0.contains("1 Domains")
        }
        #expect(shell.contains("shell$"))
        let shellPID = try #require(tmux.programPID())
        let workbench = try #require(stoppedChild(of: shellPID))
        #expect(workbench.state == "T", "pinbench \(workbench.pid) is \(workbench.state), not stopped")

        try tmux.send("jobs", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor("jobs listing it") {
            $0.split(separator: "\n").contains { $0.hasPrefix("[1]+  Stopped") && $0.contains("pinbench") }
        }

        // A resize while stopped reaches the shell, not the workbench: it must notice the new size on its own.
        try tmux.resize(width: 110, height: 32)
        try tmux.send("fg", literal: true)
        try tmux.send("Enter")
        let back = try await tmux.waitFor("the workbench redrawn") {
            $0.contains("1 Domains") && $0.contains("q quit")
        }
        let lines = back.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!back.contains("shell$"), "the shell's lines were not all painted over:\n\(back)")
        #expect(!back.contains("Stopped"))
        #expect(back.contains("▸? missing.pinbench.test"), "the selection survived")
        #expect(lines[0].hasSuffix("┐") && lines[0].count == 110, "drawn at the new width:\n\(back)")
        #expect(lines.count >= 32 && lines[30].hasPrefix("└"), "drawn at the new height:\n\(back)")

        // Still alive and responsive after the round trip; q quits to the shell with status 0.
        try tmux.send("?")
        try await tmux.waitFor("C-z")
        try tmux.send("Escape")
        try tmux.send("q")
        try await tmux.waitFor("the prompt") { $0.contains("shell$") && !$0.contains("1 Domains") }
        try tmux.send("echo status=$?", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor("status=0")
        try tmux.send("exit", literal: true)
        try tmux.send("Enter")
        try await tmux.waitForExit()
    }

    @Test("stopped from outside (SIGSTOP) while something drew over it, it repaints the whole screen on SIGCONT")
    func continuedAfterAnOutsideStop() async throws {
        let workspace = try OfflineWorkspace.standard()
        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments)
        try await tmux.waitFor("✓ accepted")
        let pid = try #require(tmux.programPID())
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        let tty = try #require(FileHandle(forWritingAtPath: try tmux.paneTTY()))
        tty.write(Data("\u{1B}[H\u{1B}[2JSCRIBBLED OVER THE SCREEN\r\n".utf8))
        try tty.close()
        try await tmux.waitFor("SCRIBBLED")
        kill(pid, SIGCONT)
        let screen = try await tmux.waitFor("the workbench repainted") {
            !$0.contains("SCRIBBLED") && $0.contains("1 Domains") && $0.contains("✓ accepted")
        }
        #expect(screen.contains("q quit"))
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// The child of `shell` (the workbench), with its state letter from /proc (`T` = stopped).
    func stoppedChild(of shell: pid_t) -> (pid: pid_t, state: String)? {
        guard
            let children = try? String(
                contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8),
            let pid = children.split(separator: " ").first.flatMap({ pid_t($0) }),
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return (pid, fields.first.map(String.init) ?? "?")
    }
}
