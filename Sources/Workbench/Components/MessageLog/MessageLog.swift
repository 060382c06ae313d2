import Foundation

/// Every status message of the session with its time and level, oldest first, capped so that a long session cannot
/// grow it without bound (the oldest go first, and the log says how many went).
public struct MessageLog: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var time: Date
        public var message: StatusMessage
    }

    public static let defaultCapacity = 500

    public private(set) var entries: [Entry] = []
    /// How many old entries were dropped to keep the cap.
    public private(set) var dropped = 0
    public let capacity: Int

    public init(capacity: Int = MessageLog.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    public mutating func record(_ message: StatusMessage, at time: Date) {
        entries.append(Entry(time: time, message: message))
        if entries.count > capacity {
            let excess = entries.count - capacity
            entries.removeFirst(excess)
            dropped += excess
        }
    }
}
