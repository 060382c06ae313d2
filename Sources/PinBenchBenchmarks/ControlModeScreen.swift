import Foundation
import TestSupport

/// Drives a tmux pane through one control-mode client (`tmux -C`), so that starting a program and watching for its
/// frame cost the machine almost nothing. Spawning a `tmux capture-pane` process per look, without pause, kept one
/// of the two cores busy and slowed the program being timed (its parallel manifest decode most of all).
final class ControlModeScreen {
    private let client = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []
    private let session: TmuxSession

    /// Attaches to `session` and waits for the reply to the attach itself, so that later replies pair with their
    /// commands.
    init(_ session: TmuxSession) throws {
        self.session = session
        client.executableURL = URL(fileURLWithPath: session.tmux)
        client.arguments = ["-L", session.socket, "-f", "/dev/null", "-C", "attach-session", "-t", session.name]
        client.standardInput = input
        client.standardOutput = output
        client.standardError = FileHandle.nullDevice
        try client.run()
        while let line = try readLine(), !line.hasPrefix("%end ") {
            if line.hasPrefix("%error ") { throw BenchmarkFailure("tmux could not attach a control client") }
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if client.isRunning { client.terminate() }
        client.waitUntilExit()
    }

    /// The visible screen as text, like `tmux capture-pane -p`.
    func capture() throws -> String {
        try command("capture-pane -p -t \(session.name)").joined(separator: "\n")
    }

    /// Sends tmux key names, like `tmux send-keys`, without starting a process.
    func send(_ keys: String...) throws {
        _ = try command("send-keys -t \(session.name) " + keys.joined(separator: " "))
    }

    /// Runs one tmux command and returns its output lines. Pane output arrives as `%output` notifications between
    /// command replies; a reply is the lines between `%begin` and `%end` (or `%error`), and notifications never
    /// come inside one.
    private func command(_ line: String) throws -> [String] {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        var lines: [String] = []
        var inReply = false
        while let line = try readLine() {
            if inReply {
                if line.hasPrefix("%end ") { return lines }
                if line.hasPrefix("%error ") { throw BenchmarkFailure("tmux: \(lines.joined(separator: " "))") }
                lines.append(line)
            } else if line.hasPrefix("%begin ") {
                inReply = true
            }
        }
        throw BenchmarkFailure("the tmux control client ended")
    }

    /// Polls the screen every `interval` until `predicate` holds.
    func waitFor(
        timeout: TimeInterval = 30, every interval: TimeInterval = 0.001, _ predicate: (String) -> Bool
    ) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if predicate(try capture()) { return }
            usleep(useconds_t(interval * 1_000_000))
        }
        throw BenchmarkFailure("timed out; last screen:\n\(try capture())")
    }

    private func readLine() throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer += chunk
        }
    }
}
