import Foundation

/// How much the store keeps: what passes these is dropped, and what was dropped is counted (``ReportDatabase``'s
/// `dropped` table), never lost silently.
public struct StoreSettings: Hashable, Sendable {
    /// Reports not seen for this long are dropped; nil keeps them all.
    public var retention: TimeInterval?
    /// At most this many distinct reports (rows) are kept, the least recently seen dropped first; nil for no cap.
    public var maxReports: Int?
    /// At most this many reports are written in one transaction (one fsync for all of them).
    public var batchSize: Int
    /// Reports waiting for a commit beyond this are refused (the collector answers 503): memory stays bounded when
    /// the disk is slower than the senders.
    public var maxPending: Int
    /// Certificate bytes of the reports waiting for a commit beyond this are refused too (the collector answers
    /// 503); a body alone is always admitted, whatever its size (its size is bounded by the reader).
    public var maxPendingBytes: Int
    /// SQLite's `max_page_count`, for tests: a database that reaches it fails as a full disk does (SQLITE_FULL).
    public var maxPageCount: Int?
    /// PostgreSQL: a connection must be made within this, and each query answered within ``queryTimeout`` (also the
    /// server's `statement_timeout`); past either, the store is unavailable (the collector answers 503).
    public var connectTimeout: Duration
    public var queryTimeout: Duration
    /// At most this many bytes of reports and chains are kept (what the rows and chains hold, measured as stored);
    /// past it the least valuable reports go first, as with ``maxReports``. Nil for no cap.
    public var maxBytes: Int?
    /// A body received again within this many seconds is a replay: acknowledged, not counted again.
    public var replayWindow: TimeInterval
    /// At most this many body digests are kept for telling replays (the oldest forgotten first), so under a flood
    /// the replay window is shorter than ``replayWindow``.
    public var maxRecentBodies: Int

    public init(
        retention: TimeInterval? = 90 * 86_400, maxReports: Int? = 1_000_000, batchSize: Int = 512,
        maxPending: Int = 20_000, maxPendingBytes: Int = 64 << 20, maxPageCount: Int? = nil,
        connectTimeout: Duration = .seconds(10), queryTimeout: Duration = .seconds(30), maxBytes: Int? = 1 << 30,
        replayWindow: TimeInterval = 86_400, maxRecentBodies: Int = 1_000_000
    ) {
        self.maxBytes = maxBytes
        self.replayWindow = max(0, replayWindow)
        self.maxRecentBodies = max(1, maxRecentBodies)
        self.connectTimeout = connectTimeout
        self.queryTimeout = queryTimeout
        self.retention = retention
        self.maxReports = maxReports
        self.batchSize = max(1, batchSize)
        self.maxPending = max(1, maxPending)
        self.maxPendingBytes = max(1, maxPendingBytes)
        self.maxPageCount = maxPageCount
    }
}
