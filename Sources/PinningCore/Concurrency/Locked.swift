import Foundation

/// A value behind a lock: the core's one lock type, for the memos and counters tasks share.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18, newer than the platforms the core declares (Package.swift), so
/// this is a class over `NSLock`, which every one of them and Linux provide. The value must be `Sendable`: what
/// `withLock` hands out may cross tasks.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held; keep it short and never call back into the same lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
