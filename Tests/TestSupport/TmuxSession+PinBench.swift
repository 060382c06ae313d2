import Foundation

extension TmuxSession {
    /// The built `pinbench` with `arguments` in a fresh `width`x`height` terminal, in a UTF-8 locale (without it
    /// ncurses draws box and marker characters as blanks) and with tmux's own TERM. `launcher`, when given, is a
    /// command line that ends by exec-ing the arguments after it (for example one that blocks signals first).
    public static func pinbench(
        _ arguments: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:],
        launcher: [String] = []
    ) throws -> TmuxSession {
        let locale = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        let command = launcher + [PinBenchBinary.url.path] + arguments
        return try TmuxSession(
            executable: command[0], arguments: Array(command.dropFirst()), width: width, height: height,
            environment: locale.merging(environment) { $1 })
    }
}

extension TmuxSession {
    /// Quits the workbench with `q`, answering its quit guard ("Unsaved changes") with `y` if it asks, and returns
    /// the exit status.
    public func quitWorkbench() async throws -> Int32 {
        try send("q")
        let after = try await waitFor("exit or the quit guard") { $0.contains("Unsaved changes") || self.hasExited() }
        if after.contains("Unsaved changes") { try send("y") }
        return try await waitForExit()
    }
}
