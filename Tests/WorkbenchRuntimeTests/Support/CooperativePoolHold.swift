import Dispatch
import Foundation

/// Holds every thread of the process's cooperative pool with tasks that block until ``release()``, as a busy test
/// runner (or any long synchronous work) holds it, so a test can show what still runs without the pool.
///
/// Each holder waits at most `bound`, so a broken test cannot keep the pool from the rest of the suite for long.
final class CooperativePoolHold: @unchecked Sendable {
    private let gate = NSCondition()
    private var open = false
    private let bound: TimeInterval
    private let probeRan = DispatchSemaphore(value: 0)

    init(bound: TimeInterval = 120) {
        self.bound = bound
    }

    /// Starts holders one at a time until one does not start within `grace` (every thread is busy), then queues
    /// as many more as there are cores, so each thread that frees takes a holder, and last a probe task. False when
    /// `limit` holders all started (the pool is wider than expected: nothing is held).
    func holdAll(limit: Int = 256, grace: TimeInterval = 1) -> Bool {
        for _ in 0..<limit {
            let started = DispatchSemaphore(value: 0)
            Task.detached { [self] in
                started.signal()
                waitForRelease()
            }
            if started.wait(timeout: .now() + grace) == .timedOut {
                for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
                    Task.detached { [self] in waitForRelease() }
                }
                // Queued after every holder: it runs only once a holder let its thread go.
                Task.detached { [probeRan] in probeRan.signal() }
                return true
            }
        }
        return false
    }

    /// True when the probe queued behind the holders has run: the pool was free for other work after all.
    var poolWasFree: Bool {
        probeRan.wait(timeout: .now()) == .success
    }

    /// Lets every holder go.
    func release() {
        gate.lock()
        open = true
        gate.broadcast()
        gate.unlock()
    }

    private func waitForRelease() {
        let deadline = Date(timeIntervalSinceNow: bound)
        gate.lock()
        defer { gate.unlock() }
        while !open && gate.wait(until: deadline) {}
    }
}
