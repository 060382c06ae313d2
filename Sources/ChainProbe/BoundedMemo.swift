import Foundation

/// The results of a pure function a batch of probes computes again and again, kept by their whole input: a fleet's
/// servers send the same intermediates (and, behind a wildcard or a CDN, the same leaf), so a `check` of many hosts
/// decodes and audits the same bytes many times.
///
/// A hit can only answer for an equal input (keys compare whole), so it returns exactly what computing would. At
/// most `capacity` entries: when full, the one used least recently goes, so a fleet of distinct leaves cannot push
/// out the few intermediates every host shares. Safe to share between threads.
final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable is safe: `entries` and `uses` are only read and written while holding `lock`.
    private let lock = NSLock()
    let capacity: Int
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    private var uses: UInt64 = 0

    /// A memo of at most `capacity` entries (at least 1).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { lock.withLock { entries.count } }

    /// The value kept for `key`, or nil.
    func value(for key: Key) -> Value? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            uses += 1
            entries[key] = (entry.value, uses)
            return entry.value
        }
    }

    /// Keeps `value` for `key`, dropping the least recently used entry when the memo is full.
    func keep(_ value: Value, for key: Key) {
        lock.withLock {
            uses += 1
            if entries[key] == nil, entries.count >= capacity,
                let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                entries[oldest] = nil
            }
            entries[key] = (value, uses)
        }
    }

    /// The value for `key`: the kept one, or `compute()`'s, kept. `compute` runs outside the lock, so two threads
    /// may compute the same value at once; both get equal values.
    func value<Failure: Error>(for key: Key, orCompute compute: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let kept = value(for: key) { return kept }
        let value = try compute()
        keep(value, for: key)
        return value
    }
}
