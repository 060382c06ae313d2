import Synchronization
import Workbench

/// Where background work leaves its results for the session loop, which drains it between reads of the screen.
///
/// The bridge ARCHITECTURE.md ("The loop owns the main thread") asks for: the loop never awaits, tasks never touch
/// the terminal.
public final class MessageInbox: Sendable {
    private let messages = Mutex<[WorkbenchMessage]>([])

    public init() {}

    public func post(_ message: WorkbenchMessage) {
        messages.withLock { $0.append(message) }
    }

    /// Everything posted since the last drain, in order.
    public func drain() -> [WorkbenchMessage] {
        messages.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
    }
}
