import Foundation

/// The waits of ``TmuxSession`` for tests. Tests run on a cooperative pool with one thread per core (two in CI);
/// a test that polled with `usleep` would hold one of them for seconds and starve every other test's tasks.
/// These waits sleep with `Task.sleep`. (The benchmark watches screens through its own control-mode client.)
extension TmuxSession {
    /// Polls the screen until `predicate` holds, returning the screen; throws with the last screen on timeout.
    @discardableResult
    public func waitFor(
        timeout: TimeInterval = 20,
        _ description: String,
        _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if predicate(screen) { return screen }
            try await Task.sleep(for: .milliseconds(50))
        }
        // One last look: a sleep that overran the deadline must not fail a condition that already holds.
        screen = try capture()
        if predicate(screen) { return screen }
        throw TmuxTimeout(description: "timed out waiting for \(description); last screen:\n\(screen)")
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 20) async throws -> String {
        try await waitFor(timeout: timeout, "\"\(text)\"") { $0.contains(text) }
    }

    @discardableResult
    public func waitForExit(timeout: TimeInterval = 10) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = exitStatus() { return status }
            try await Task.sleep(for: .milliseconds(50))
        }
        if let status = exitStatus() { return status }
        throw TmuxTimeout(description: "the program did not exit; last screen:\n\(try capture())")
    }
}
