import Foundation
import TerminalBackend
import TestSupport
import Testing

/// `BlockingRun` with real tasks and threads: the caller waits for the whole body, gets its error, and the body runs
/// on another thread than the one that waits (the main thread stays with the terminal).
///
/// Each call waits on a thread of its own (``OffPoolThread``), as `pinbench`'s main thread does: a test blocking a
/// thread of the cooperative pool, which the body's task needs, could wait forever on a machine with few cores.
@Suite("blocking run")
struct BlockingRunTests {
    struct Refused: Error, Equatable {}

    /// What the body did, written by its task and read by the waiting thread after `run` returns.
    final class Seen: @unchecked Sendable {
        var steps: [String] = []
        var bodyThread: pthread_t?
        var waitingThread: pthread_t?
    }

    @Test("returns only after the body has finished, suspensions included")
    func waitsForTheWholeBody() async throws {
        let seen = Seen()
        try await OffPoolThread.run {
            try BlockingRun.run {
                seen.steps.append("start")
                try await Task.sleep(for: .milliseconds(50))
                seen.steps.append("after a suspension")
            }
        }
        #expect(seen.steps == ["start", "after a suspension"])
    }

    @Test("the body's error is thrown to the waiting caller")
    func errorsReachTheCaller() async {
        await #expect(throws: Refused.self) {
            try await OffPoolThread.run { try BlockingRun.run { throw Refused() } }
        }
    }

    @Test("the body runs on another thread than the one waiting")
    func bodyRunsElsewhere() async throws {
        let seen = Seen()
        try await OffPoolThread.run {
            seen.waitingThread = pthread_self()
            try BlockingRun.run { seen.bodyThread = pthread_self() }
        }
        let body = try #require(seen.bodyThread)
        let waiting = try #require(seen.waitingThread)
        #expect(pthread_equal(body, waiting) == 0)
    }
}
