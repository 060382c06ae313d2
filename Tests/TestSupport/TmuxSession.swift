import Foundation

/// A real terminal for end-to-end tests: a detached tmux session on a private socket, driven by send-keys and read
/// with capture-pane.
public final class TmuxSession: @unchecked Sendable {
    public let socket: String
    public let name = "pinbench"
    private let tmux: String

    /// Starts `command` (a shell command line) in a `width`x`height` terminal.
    public init(command: String, width: Int, height: Int, environment: [String: String] = [:]) throws {
        tmux =
            ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? "/usr/bin/tmux"
        socket = "pinbench-test-\(UUID().uuidString.prefix(8))"
        let exports = environment.map { "export \($0.key)='\($0.value)';" }.joined(separator: " ")
        try run([
            "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height),
            "/bin/sh", "-c", "\(exports) exec \(command)",
        ])
        // Keep the pane after the program exits so its last screen and status can be read.
        try run(["set-option", "-t", name, "remain-on-exit", "on"])
    }

    deinit { _ = try? run(["kill-server"]) }

    /// Sends tmux key names (`Enter`, `Tab`, `C-c`) or literal text with `literal: true`.
    public func send(_ keys: String..., literal: Bool = false) throws {
        try run(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    /// The visible screen as text; with `escapes`, including colour and attribute escape sequences.
    public func capture(escapes: Bool = false) throws -> String {
        try run(["capture-pane", "-p", "-t", name] + (escapes ? ["-e", "-N"] : [])).stdoutText
    }

    /// Polls the screen until `predicate` holds, returning the screen; throws with the last screen on timeout.
    @discardableResult
    public func waitFor(
        timeout: TimeInterval = 20,
        _ description: String,
        _ predicate: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if predicate(screen) { return screen }
            usleep(50_000)
        }
        throw TmuxTimeout(description: "timed out waiting for \(description); last screen:\n\(screen)")
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 20) throws -> String {
        try waitFor(timeout: timeout, "\"\(text)\"") { $0.contains(text) }
    }

    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    /// True once the program in the pane has exited.
    public func hasExited() throws -> Bool {
        try run(["display-message", "-p", "-t", name, "#{pane_dead}"]).stdoutText.hasPrefix("1")
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.run(tmux, ["-L", socket, "-f", "/dev/null"] + arguments, timeout: 20).checked()
    }
}

public struct TmuxTimeout: Error, CustomStringConvertible {
    public let description: String
}
