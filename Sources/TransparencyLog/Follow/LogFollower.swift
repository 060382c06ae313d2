/// Reads a log forward from a saved position, proving everything before it hands it on.
///
/// One step: take the latest tree head (signed), prove it extends the one saved (a rewind or a fork stops here),
/// then read up to `budget` entries from where the watcher stood in stretches: each stretch's leaf hashes extend the
/// frontier, the longer frontier is proven a prefix of the new tree, and only then are the stretch's entries handed
/// on with the position after them, to be kept before the next stretch is read. Nothing of a stretch that fails is
/// handed on, so a misbehaving log never moves a saved position past what verified; and a stretch holds a bounded
/// number of entries and bytes, so what a step holds does not grow with its budget.
public struct LogFollower: Sendable {
    public let endpoint: any LogEndpoint
    /// The most entries one step reads (a log far ahead is caught up over several steps).
    public let budget: Int
    /// The most entries one stretch reads before it is proven and handed on.
    public let stretchEntries: Int
    /// Entries kept for the caller (those `select` chose) up to this many bytes end a stretch early.
    public static let stretchBytes = 16 * 1024 * 1024

    public init(endpoint: any LogEndpoint, budget: Int = 10_000, stretchEntries: Int = 4096) {
        self.endpoint = endpoint
        self.budget = max(1, budget)
        self.stretchEntries = max(1, stretchEntries)
    }

    /// A first position: at the latest tree head with no entries read (`fromNow`), or at the log's start.
    public func start(fromNow: Bool) async throws(LogFailure) -> LogPosition {
        let head = try await endpoint.latestTreeHead()
        try Self.checkRange(head)
        guard fromNow, head.size > 0 else {
            return LogPosition(treeHead: fromNow ? head : TreeHead.empty, frontier: MerkleFrontier())
        }
        return LogPosition(treeHead: head, frontier: try await endpoint.frontier(of: head))
    }

    /// A proven stretch: the entries `select` chose from it, and the position after it.
    public struct Stretch: Sendable {
        public let entries: [LogEntry]
        public let position: LogPosition
    }

    /// How a step ended.
    public enum End: Sendable, Equatable {
        /// Every entry of the log's latest tree head is read.
        case caughtUp
        /// The budget was read; the rest waits for the next step.
        case budgetSpent
        /// The deadline passed (or the task was cancelled) first; the rest waits for the next step.
        case deadline
        /// The caller did not keep a stretch; the step stopped there.
        case notKept
    }

    /// One step from `position`, handing each proven stretch to `keep` (which returns false to stop). Requests for
    /// entries start only before `deadline`, but for the step's first (so every step moves); the proof of what was
    /// read is still fetched after it.
    public func step(
        from position: LogPosition, until deadline: ContinuousClock.Instant? = nil,
        select: (LogEntry) -> Bool = { _ in true },
        keep: (Stretch) async throws(LogFailure) -> Bool
    ) async throws(LogFailure) -> End {
        let saved = position.treeHead
        let head = try await endpoint.latestTreeHead()
        try Self.checkRange(head)
        guard head.size >= saved.size else {
            throw .misbehaving("the log went back from \(saved.size) to \(head.size) entries")
        }
        if head.size == saved.size {
            guard head.root == saved.root else {
                throw .misbehaving("two different roots for \(head.size) entries: the log forked")
            }
        } else if saved.size > 0 {
            try await endpoint.proveConsistency(oldSize: saved.size, oldRoot: saved.root, new: head)
        }
        // next <= saved.size <= head.size <= 2^48: no sum below overflows.
        let end = position.next + min(UInt64(budget), head.size - position.next)
        var frontier = position.frontier
        var keptOne = false
        var keptSize = position.next
        while true {
            var chosen: [LogEntry] = []
            var chosenBytes = 0
            var stopped = false
            let stretchEnd = frontier.size + min(UInt64(stretchEntries), end - frontier.size)
            while frontier.size < stretchEnd, chosenBytes < Self.stretchBytes {
                // At least one batch per step, even past the deadline: a log whose tree head and proof alone take
                // its whole time still moves (by one request's time over it).
                if Task.isCancelled || frontier.size > position.next && Self.past(deadline) {
                    stopped = true
                    break
                }
                let batchEnd = frontier.size + min(UInt64(endpoint.maximumBatch), stretchEnd - frontier.size)
                let batch = try await endpoint.entries(from: frontier.size, to: batchEnd, of: head)
                guard !batch.isEmpty, batch.count <= Int(batchEnd - frontier.size) else {
                    throw .misbehaving("asked for entries \(frontier.size) to \(batchEnd - 1), got \(batch.count)")
                }
                for (offset, entry) in batch.enumerated() {
                    guard entry.index == frontier.size else {
                        throw .misbehaving("entry \(frontier.size + UInt64(offset)) came as entry \(entry.index)")
                    }
                    frontier.append(entry.leafHash)
                    if select(entry) {
                        chosen.append(entry)
                        chosenBytes += entry.body.count
                    }
                }
            }
            // The first stretch is kept even when empty: the new tree head is proven and moves the position.
            if !keptOne || frontier.size > keptSize {
                try await provePrefix(frontier, of: head)
                let stretch = Stretch(entries: chosen, position: LogPosition(treeHead: head, frontier: frontier))
                guard try await keep(stretch) else { return .notKept }
                keptOne = true
                keptSize = frontier.size
            }
            if frontier.size == head.size { return .caughtUp }
            if stopped || Self.past(deadline) { return .deadline }
            if frontier.size == end { return .budgetSpent }
        }
    }

    /// One step from `position`, every entry read and kept in memory: the new entries, proven, and the position
    /// after them (for callers that read a few entries; a watch keeps each stretch as it comes).
    public func step(
        from position: LogPosition
    ) async throws(LogFailure) -> (entries: [LogEntry], position: LogPosition) {
        var entries: [LogEntry] = []
        var last = position
        _ = try await step(from: position) { (stretch: Stretch) throws(LogFailure) -> Bool in
            entries += stretch.entries
            last = stretch.position
            return true
        }
        return (entries, last)
    }

    /// True once `deadline` has passed, or the task is cancelled.
    private static func past(_ deadline: ContinuousClock.Instant?) -> Bool {
        if Task.isCancelled { return true }
        guard let deadline else { return false }
        return ContinuousClock.now >= deadline
    }

    /// A tree head whose numbers no log can hold is refused before any arithmetic on them, whichever endpoint
    /// served it.
    private static func checkRange(_ head: TreeHead) throws(LogFailure) {
        do {
            try TreeHead.checkRange(size: head.size, timestampMilliseconds: head.timestampMilliseconds)
        } catch {
            throw .misbehaving(error.description)
        }
    }

    /// The entries read so far rebuild a tree that the log's signed tree extends.
    private func provePrefix(_ frontier: MerkleFrontier, of head: TreeHead) async throws(LogFailure) {
        if frontier.size == head.size {
            guard frontier.root == head.root else {
                throw .misbehaving("the entries served do not hash to the signed root of \(head.size) entries")
            }
        } else if frontier.size > 0 {
            try await endpoint.proveConsistency(oldSize: frontier.size, oldRoot: frontier.root, new: head)
        }
    }
}

extension TreeHead {
    /// The tree before any entry: where a watcher that reads a log from its start stands.
    public static let empty = TreeHead(size: 0, root: .emptyTree, timestampMilliseconds: 0)
}
