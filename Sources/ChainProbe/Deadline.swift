/// One point in time that every wait of a probe measures against, so dial + handshake share one budget.
struct Deadline: Sendable {
    let budget: Duration
    let instant: ContinuousClock.Instant

    init(after budget: Duration) {
        self.budget = budget
        self.instant = ContinuousClock.now.advanced(by: budget)
    }

    var remaining: Duration { max(.zero, ContinuousClock.now.duration(to: instant)) }
    var hasPassed: Bool { ContinuousClock.now >= instant }

    /// The remaining time as a poll(2) timeout in milliseconds, rounded up so we never spin at 0 ms before the end.
    func pollMilliseconds(atMost cap: Duration? = nil) -> Int32 {
        var left = remaining
        if let cap { left = min(left, cap) }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
