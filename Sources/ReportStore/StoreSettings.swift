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

    public init(
        retention: TimeInterval? = 90 * 86_400, maxReports: Int? = 1_000_000, batchSize: Int = 512,
        maxPending: Int = 20_000, maxPendingBytes: Int = 64 << 20, maxPageCount: Int? = nil
    ) {
        self.retention = retention
        self.maxReports = maxReports
        self.batchSize = max(1, batchSize)
        self.maxPending = max(1, maxPending)
        self.maxPendingBytes = max(1, maxPendingBytes)
        self.maxPageCount = maxPageCount
    }
}
