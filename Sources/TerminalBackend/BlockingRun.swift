import Dispatch

/// Runs async work to its end while the calling thread (the main thread, which the ncurses loop must own) waits.
///
/// After a top-level `await`, code resumes on a dispatch worker thread whose blocking read a resize does not
/// interrupt (ARCHITECTURE.md, TerminalBackend), so `pinbench`'s entry point never awaits: an async command runs on a
/// detached task and the main thread blocks on a semaphore until it is done.
public enum BlockingRun {
    /// Runs `body` on a detached task and returns (or throws) what it did, once it has finished.
    public static func run(_ body: @escaping () async throws -> Void) throws {
        let box = Box(body)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await box.run()
            done.signal()
        }
        done.wait()
        if let error = box.error { throw error }
    }

    /// Holds the work while it runs on another task; the waiting thread reads `error` only after the semaphore.
    private final class Box: @unchecked Sendable {
        private let body: () async throws -> Void
        private(set) var error: (any Error)?

        init(_ body: @escaping () async throws -> Void) { self.body = body }

        func run() async {
            do {
                try await body()
            } catch {
                self.error = error
            }
        }
    }
}
