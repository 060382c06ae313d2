import Foundation

/// A real terminal for end-to-end tests: a detached tmux session on a private socket, driven by send-keys and read
/// with capture-pane.
public final class TmuxSession: @unchecked Sendable {
    public let socket: String
    public let name = "pinbench"
    /// The tmux executable.
    public let tmux: String
    /// Where the wrapper leaves the program's process id and, once it exits, its status.
    private let pidFile: URL
    private let statusFile: URL

    /// Starts `command` (a shell command line) in a `width`x`height` terminal.
    ///
    /// The program runs under a small shell wrapper that records its process id and exit status in files: tmux's
    /// own `pane_dead_status` is sometimes never filled in (seen with tmux 3.3a), so it cannot be waited for.
    public init(command: String, width: Int, height: Int, environment: [String: String] = [:]) throws {
        tmux =
            ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? "/usr/bin/tmux"
        let id = UUID().uuidString.prefix(8)
        socket = "pinbench-test-\(id)"
        pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-tmux-\(id).pid")
        statusFile = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-tmux-\(id).status")
        let exports = environment.map { "export \($0.key)=\(Self.shellQuoted($0.value));" }.joined(separator: " ")
        // The inner shell writes its pid, then becomes the program (exec keeps the pid); the outer one waits for it.
        let inner = #"/bin/sh -c 'echo $$ > "$0"; eval "exec $1"' "#
        let wrapped =
            inner + Self.shellQuoted(pidFile.path) + " " + Self.shellQuoted(command) + "; echo $? > "
            + Self.shellQuoted(statusFile.path)
        // Keep the pane after the program exits so its last screen can be read; set before the session starts, in
        // the same tmux command, so that even a program that exits at once leaves its pane behind.
        try run([
            "set-option", "-g", "remain-on-exit", "on", ";",
            "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height),
            "/bin/sh", "-c", "\(exports) \(wrapped)",
        ])
    }

    /// Starts `executable` with `arguments`, each quoted for the shell, so temporary paths need no care.
    public convenience init(
        executable: String, arguments: [String], width: Int, height: Int, environment: [String: String] = [:]
    ) throws {
        let command = ([executable] + arguments).map(Self.shellQuoted).joined(separator: " ")
        try self.init(command: command, width: width, height: height, environment: environment)
    }

    deinit {
        try? killServer()
        try? FileManager.default.removeItem(at: pidFile)
        try? FileManager.default.removeItem(at: statusFile)
    }

    /// Ends the session: tmux closes the terminal, and the program sees it hang up.
    public func killServer() throws {
        try run(["kill-server"])
    }

    /// `text` in single quotes for /bin/sh (a quote inside becomes `'\''`).
    public static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Sends tmux key names (`Enter`, `Tab`, `C-c`) or literal text with `literal: true`.
    public func send(_ keys: String..., literal: Bool = false) throws {
        try run(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    /// The visible screen as text; with `escapes`, including colour and attribute escape sequences.
    public func capture(escapes: Bool = false) throws -> String {
        try run(["capture-pane", "-p", "-t", name] + (escapes ? ["-e", "-N"] : [])).stdoutText
    }

    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    /// The pane's title: what a program sets with `ESC ] 0 ; title BEL`, otherwise tmux's default (the host name).
    public func paneTitle() throws -> String {
        try format("#{pane_title}")
    }

    /// The pane's terminal device (`/dev/pts/N`): writing to it draws on the screen as any program could.
    public func paneTTY() throws -> String {
        try format("#{pane_tty}")
    }

    /// True while the program in the pane has asked the terminal to report mouse events (then the terminal's own
    /// text selection needs Shift).
    public func mouseReportingOn() throws -> Bool {
        try format("#{mouse_standard_flag}#{mouse_button_flag}#{mouse_any_flag}").contains("1")
    }

    /// The process id of the program in the pane, once it has started.
    public func programPID() -> Int32? {
        Self.number(in: pidFile)
    }

    /// The program's exit status (128 + N when signal N ended it) once it has exited; nil before.
    public func exitStatus() -> Int32? {
        Self.number(in: statusFile)
    }

    private static func number(in file: URL) -> Int32? {
        (try? String(contentsOf: file, encoding: .utf8)).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Polls until the program in the pane has exited and returns its exit status; throws with the last screen on
    /// timeout.
    @discardableResult
    public func waitForExit(timeout: TimeInterval = TmuxSession.patience) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = exitStatus() { return status }
            usleep(50_000)
        }
        if let status = exitStatus() { return status }
        throw TmuxTimeout(description: "the program did not exit; last screen:\n\(try capture())")
    }

    /// True once the program in the pane has exited.
    public func hasExited() -> Bool {
        exitStatus() != nil
    }

    private func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", name, format]).stdoutText
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.run(tmux, ["-L", socket, "-f", "/dev/null"] + arguments, timeout: 60).checked()
    }
}

public struct TmuxTimeout: Error, CustomStringConvertible {
    public let description: String
}
