import Foundation

/// Batches the collector's writes: a body's reports wait while the commit before them runs, then go with every
/// report that arrived meanwhile in one transaction (one fsync). ``submit(_:)`` returns only once its reports'
/// transaction has committed, so the collector acknowledges nothing that is not on disk. A body's reports are never
/// split between transactions: all of them are kept, or none.
///
/// Bounded: with more than ``StoreSettings/maxPending`` reports, or ``StoreSettings/maxPendingBytes`` of certificates,
/// waiting, a body is refused at once (``StoreError/Code/busy``).
public actor ReportWriter {
    private let database: ReportDatabase
    private var pending: [(items: [StoredReport], done: CheckedContinuation<Void, any Error>)] = []
    private var pendingReports = 0
    private var pendingBytes = 0
    private var draining = false
    /// Reports committed and transactions written since start: for tests and the benchmark.
    public private(set) var committed = 0
    public private(set) var batches = 0

    public init(database: ReportDatabase) {
        self.database = database
    }

    /// Stores `items` in one transaction with others; returns once they are committed, or throws (none of them kept)
    /// when the store cannot.
    public func submit(_ items: [StoredReport]) async throws(StoreError) {
        guard !items.isEmpty else { return }
        let limit = database.settings.maxPending
        let bytes = items.reduce(0) { $0 + Self.bytes(of: $1) }
        guard pendingReports + items.count <= limit,
            pendingReports == 0 || pendingBytes + bytes <= database.settings.maxPendingBytes
        else {
            throw StoreError(.busy, "\(pendingReports) reports are waiting for the disk; try again shortly")
        }
        do {
            try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
                pending.append((items, done))
                pendingReports += items.count
                pendingBytes += bytes
                if !draining {
                    draining = true
                    Task { await self.drain() }
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.failed, String(describing: error))
        }
    }

    /// One report; see ``submit(_:)-([StoredReport])``.
    public func submit(_ item: StoredReport) async throws(StoreError) { try await submit([item]) }

    /// What a waiting report holds in memory, about: its certificates' bytes and a kilobyte for the rest.
    static func bytes(of item: StoredReport) -> Int {
        1_024 + item.report.servedChain.certificates.reduce(0) { $0 + $1.count }
            + item.report.validatedChain.certificates.reduce(0) { $0 + $1.count }
    }

    private func drain() async {
        while !pending.isEmpty {
            // Whole bodies up to the batch size (at least one body, however large).
            var take = 0
            var reports = 0
            while take < pending.count, take == 0 || reports + pending[take].items.count <= database.settings.batchSize
            {
                reports += pending[take].items.count
                take += 1
            }
            let batch = Array(pending.prefix(take))
            pending.removeFirst(take)
            pendingReports -= reports
            pendingBytes -= batch.reduce(0) { $0 + $1.items.reduce(0) { $0 + Self.bytes(of: $1) } }
            do {
                try await database.store(batch.flatMap(\.items))
                committed += reports
                batches += 1
                for entry in batch { entry.done.resume() }
            } catch {
                for entry in batch { entry.done.resume(throwing: error) }
            }
        }
        draining = false
    }
}
