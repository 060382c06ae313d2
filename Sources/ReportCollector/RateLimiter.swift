import Foundation

/// A token bucket per source address: `rate` requests a second, `burst` at once. Safe to share between event loops.
/// The sources tracked are bounded: full buckets (idle sources) are forgotten first, and when the table is full of
/// busy ones a new source is refused (fail closed) rather than the table growing.
public final class RateLimiter: @unchecked Sendable {
    // @unchecked: `buckets` is read and written with `lock` held.
    private let rate: Double
    private let burst: Double
    private let maxSources: Int
    private let lock = NSLock()
    private var buckets: [String: (tokens: Double, at: Double)] = [:]

    public init(rate: Double, burst: Double, maxSources: Int = 65_536) {
        self.rate = rate
        self.burst = max(1, burst)
        self.maxSources = max(1, maxSources)
    }

    /// Whether `source` may make a request at `now` (seconds on any monotonic clock); takes a token when it may.
    public func allow(_ source: String, now: Double) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var bucket = buckets[source] ?? (burst, now)
        if buckets[source] == nil, buckets.count >= maxSources {
            buckets = buckets.filter { min(burst, $0.value.tokens + (now - $0.value.at) * rate) < burst }
            guard buckets.count < maxSources else { return false }
        }
        bucket.tokens = min(burst, bucket.tokens + max(0, now - bucket.at) * rate)
        bucket.at = now
        guard bucket.tokens >= 1 else {
            buckets[source] = bucket
            return false
        }
        bucket.tokens -= 1
        buckets[source] = bucket
        return true
    }
}
