import CSystemCalls
import Foundation

/// Lets an async task's cancellation wake a probe blocked in poll(2) at once: cancel() writes to a pipe that every
/// wait also polls.
final class CancellationSignal: @unchecked Sendable {
    // @unchecked Sendable is safe: the pipe descriptors are immutable after init, and `cancelled` is only read
    // and written while holding `lock`.
    private let lock = NSLock()
    private var cancelled = false
    /// Readable once cancelled; -1 when no pipe could be made (then cancellation is noticed at the next wake-up).
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pb_pipe_cloexec(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        if readDescriptor >= 0 { close(readDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    func cancel() {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return }
        cancelled = true
        if writeDescriptor >= 0 {
            var byte: UInt8 = 1
            _ = write(writeDescriptor, &byte, 1)
        }
    }
}
