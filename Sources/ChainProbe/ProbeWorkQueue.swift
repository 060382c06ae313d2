import Foundation

/// The shared state of one ``ChainProber/probeAll(_:options:concurrency:)`` batch: which target goes next, the one
/// cancellation signal its probes wait on, and how many worker threads are still running.
///
/// A batch runs its probes on a fixed set of worker threads, each taking the next target when it is done with one,
/// instead of a thread per target: starting and ending a thread for every server was a few percent of a scan's CPU.
final class ProbeWorkQueue: @unchecked Sendable {
    // @unchecked Sendable is safe: `next` and `workers` are only read and written while holding `lock`; `signal`
    // is itself thread-safe.
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    private var workers: Int
    /// Cancels every probe of the batch: those in flight stop at once, the rest never start.
    let signal = CancellationSignal()

    init(count: Int, workers: Int) {
        self.count = count
        self.workers = workers
    }

    /// The index of the next target to probe, or nil once every target is taken or the batch is stopped.
    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count, !signal.isCancelled else { return nil }
        defer { next += 1 }
        return next
    }

    /// Called by each worker as it ends; true for the last one, which then finishes the batch's stream.
    func workerEnded() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        workers -= 1
        return workers == 0
    }

    /// Stops the batch.
    func cancel() { signal.cancel() }
}
