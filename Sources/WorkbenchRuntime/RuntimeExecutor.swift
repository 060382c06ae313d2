import CSystemCalls
import Foundation

/// Threads of the workbench's own for its background work (fetches, validations, the forecast, backup keys, file
/// reads, the CT watch's rounds), used as each task's executor preference.
///
/// On the process's cooperative pool (as many threads as cores) that work waited behind whatever else held the
/// pool: a long RSA key generation, or, in the test runner, hundreds of other tests, where sessions waited minutes
/// for a validation. Tasks that prefer this executor run here, and so do the actors they call that have no executor
/// of their own (``FetchLimiter``).
final class RuntimeExecutor: TaskExecutor, @unchecked Sendable {
    /// One set of threads for the process, living as long as it does, as the cooperative pool's do.
    static let shared = RuntimeExecutor(threads: max(4, ProcessInfo.processInfo.activeProcessorCount))

    private let queue = JobQueue()
    /// The start of each thread's name (`pb-workbench-0`, …).
    static let threadNamePrefix = "pb-workbench-"

    /// Starts `threads` threads, each running jobs in the order they were enqueued. Private: the threads never end
    /// and refer to the executor unowned, so ``shared``, which lives as long as the process, is the only one.
    private init(threads: Int) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [queue, unowned(unsafe) self] in
                // Named from inside, through pthread_setname_np: the kernel's name of the thread (15 bytes at most,
                // what ps and a debugger show). Foundation's `Thread.current.name = …` here names the kernel thread
                // only when `start()` has already recorded the thread, which it does after the thread runs: in
                // about half of the processes one thread of four kept the name of the thread that made it
                // (`com.apple.root.default-qos` when that was a pool thread), though it ran these jobs (stop 48).
                _ = pb_set_current_thread_name("\(Self.threadNamePrefix)\(index)")
                while true { queue.take().runSynchronously(on: self.asUnownedTaskExecutor()) }
            }
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        queue.put(UnownedJob(job))
    }
}

/// The jobs waiting for a thread of ``RuntimeExecutor``, first in first out.
private final class JobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0

    func put(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The oldest job, waiting for one when there is none.
    func take() -> UnownedJob {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count { condition.wait() }
        let job = jobs[head]
        head += 1
        // The taken jobs are dropped once they are half the array, so the array stays as large as the backlog.
        if head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
