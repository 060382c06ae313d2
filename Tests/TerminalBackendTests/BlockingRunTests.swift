import Foundation
import TerminalBackend
import Testing

/// `BlockingRun` with real tasks and threads: the caller waits for the whole body, gets its error, and the body runs
/// on another thread than the one that waits (the main thread stays with the terminal).
@Suite("blocking run")
struct BlockingRunTests {
    struct Refused: Error, Equatable {}

    /// A value written by the task and read by the waiting thread after `run` returns.
    final class Seen: @unchecked Sendable {
        var steps: [String] = []
        var bodyThread: pthread_t?
    }

    @Test("returns only after the body has finished, suspensions included")
    func waitsForTheWholeBody() throws {
        let seen = Seen()
        try BlockingRun.run {
            seen.steps.append("start")
            try await Task.sleep(for: .milliseconds(50))
            seen.steps.append("after a suspension")
        }
        #expect(seen.steps == ["start", "after a suspension"])
    }

    @Test("the body's error is thrown to the waiting caller")
    func errorsReachTheCaller() {
        #expect(throws: Refused.self) {
            try BlockingRun.run { throw Refused() }
        }
    }

    @Test("the body runs on another thread than the one waiting")
    func bodyRunsElsewhere() throws {
        let seen = Seen()
        let waiting = pthread_self()
        try BlockingRun.run { seen.bodyThread = pthread_self() }
        let body = try #require(seen.bodyThread)
        #expect(pthread_equal(body, waiting) == 0)
    }
}
