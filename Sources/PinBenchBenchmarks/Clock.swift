import Foundation

/// A monotonic clock in milliseconds, immune to wall-clock changes.
enum Clock {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }

    /// Runs `body` and returns how long it took.
    static func measure(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return milliseconds(since: start)
    }
}
