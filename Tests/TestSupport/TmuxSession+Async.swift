import Foundation

/// The waits of ``TmuxSession`` for tests. Tests run on a cooperative pool with one thread per core (two in CI);
/// a test that polled with `usleep` would hold one of them for seconds and starve every other test's tasks.
/// These waits sleep with `Task.sleep`. (The benchmark watches screens through its own control-mode client.)
extension TmuxSession {
    /// How long a wait for something that should appear gives up after. A wait returns as soon as its condition
    /// holds, so patience costs nothing when the program is quick; it only bounds a hang. CI runs the whole suite at
    /// once on two cores, where a demo's lab (a fresh PKI) and its first fetches were seen to take more than 20 s.
    public static let patience: TimeInterval = 90

    /// Polls the screen until `predicate` holds, returning the screen; throws with the last screen on timeout.
    @discardableResult
    public func waitFor(
        timeout: TimeInterval = TmuxSession.patience,
        _ description: String,
        _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if predicate(screen) { return try await settled(screen, predicate) }
            try await Task.sleep(for: .milliseconds(50))
        }
        // One last look: a sleep that overran the deadline must not fail a condition that already holds.
        screen = try capture()
        if predicate(screen) { return screen }
        throw TmuxTimeout(description: "timed out waiting for \(description); last screen:\n\(screen)")
    }

    /// `screen` once drawn whole. ncurses writes a frame in pieces, and on a loaded machine a capture can catch one
    /// half drawn: the line a test waited for is there, the one it reads next is not yet (a gate's title without its
    /// last line). So a screen that satisfies the predicate is taken once a second look a moment later shows the
    /// same text; a screen that keeps changing (a spinner) is taken after a few looks as it then stands.
    private func settled(_ screen: String, _ predicate: (String) -> Bool) async throws -> String {
        var last = screen
        for _ in 0..<5 {
            try await Task.sleep(for: .milliseconds(30))
            let next = try capture()
            if next == last || !predicate(next) { return last }
            last = next
        }
        return last
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = TmuxSession.patience) async throws -> String {
        try await waitFor(timeout: timeout, "\"\(text)\"") { $0.contains(text) }
    }

    @discardableResult
    public func waitForExit(timeout: TimeInterval = TmuxSession.patience) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = exitStatus() { return status }
            try await Task.sleep(for: .milliseconds(50))
        }
        if let status = exitStatus() { return status }
        throw TmuxTimeout(description: "the program did not exit; last screen:\n\(try capture())")
    }
}
