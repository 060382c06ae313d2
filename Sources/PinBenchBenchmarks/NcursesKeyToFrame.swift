import Foundation
import TerminalBackend
import TestSupport
import Workbench

/// Key press to frame through the real backend: `update`, `view`, and ncurses drawing the frame into a tmux pane
/// (the terminal output included, up to the pty). The benchmark runs itself in tmux as a child that measures from
/// inside and leaves its samples in a file.
enum NcursesKeyToFrame {
    static let childFlag = "--ncurses-child"

    /// The parent's side: the child in a 100x30 tmux pane, its samples read back.
    static func measure(domains: Int, presses: Int, in folder: URL) throws -> Samples {
        let output = folder.appendingPathComponent("ncurses-\(domains).txt").path
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let tmux = try TmuxSession(
            executable: executable, arguments: [childFlag, String(domains), String(presses), output], width: 100,
            height: 30, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "NO_COLOR": ""])
        let status = try tmux.waitForExit(timeout: 300)
        guard status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
            throw BenchmarkFailure("the ncurses child exited \(status) without samples:\n\(try tmux.capture())")
        }
        var samples = Samples()
        for line in text.split(separator: "\n") { if let value = Double(line) { samples.append(value) } }
        return samples
    }

    /// The child's side, inside the tmux pane: presses keys and draws, timing each, then writes the samples.
    static func runChild(arguments: [String]) throws {
        guard arguments.count == 3, let domains = Int(arguments[0]), let presses = Int(arguments[1]) else {
            throw BenchmarkFailure("usage: pinbench-bench \(childFlag) DOMAINS PRESSES OUTPUT")
        }
        let terminal = try Terminal(environment: ProcessInfo.processInfo.environment)
        let theme = ThemeCatalog.shipped.defaultTheme
        var state = WorkbenchState(
            document: BenchmarkManifest.document(domains: domains), size: terminal.size, now: Date())
        _ = state.apply(.resize(terminal.size))
        terminal.draw(WorkbenchProgram.view(state), theme: theme)
        var lines: [String] = []
        for index in 0..<(presses + presses / 10) {
            let start = Clock.now()
            _ = state.apply(.key(KeySequence.key(index)))
            terminal.draw(WorkbenchProgram.view(state), theme: theme)
            let elapsed = Clock.milliseconds(since: start)
            if index >= presses / 10 { lines.append(String(elapsed)) }
        }
        terminal.close()
        try lines.joined(separator: "\n").write(toFile: arguments[2], atomically: true, encoding: .utf8)
    }
}
