/// Reads a log forward from a saved position, proving everything before it hands it on.
///
/// One step: take the latest tree head (signed), prove it extends the one saved (a rewind or a fork stops here),
/// read up to `budget` entries from where the watcher stood, rebuild the frontier with their leaf hashes, and prove
/// that this longer frontier is a prefix of the new tree. Only then are the entries returned with the new position.
/// Nothing of a step that fails is returned, so a misbehaving log never moves the saved position.
public struct LogFollower: Sendable {
    public let endpoint: any LogEndpoint
    /// The most entries one step reads (a log far ahead is caught up over several steps).
    public let budget: Int

    public init(endpoint: any LogEndpoint, budget: Int = 10_000) {
        self.endpoint = endpoint
        self.budget = max(1, budget)
    }

    /// A first position: at the latest tree head with no entries read (`fromNow`), or at the log's start.
    public func start(fromNow: Bool) async throws(LogFailure) -> LogPosition {
        let head = try await endpoint.latestTreeHead()
        guard fromNow, head.size > 0 else {
            return LogPosition(treeHead: fromNow ? head : TreeHead.empty, frontier: MerkleFrontier())
        }
        return LogPosition(treeHead: head, frontier: try await endpoint.frontier(of: head))
    }

    /// One step from `position`: the new entries, proven, and the position after them.
    public func step(
        from position: LogPosition
    ) async throws(LogFailure) -> (entries: [LogEntry], position: LogPosition) {
        let saved = position.treeHead
        let head = try await endpoint.latestTreeHead()
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
        let end = min(head.size, position.next + UInt64(budget))
        var frontier = position.frontier
        var entries: [LogEntry] = []
        while frontier.size < end {
            let batchEnd = min(end, frontier.size + UInt64(endpoint.maximumBatch))
            let batch = try await endpoint.entries(from: frontier.size, to: batchEnd, of: head)
            guard !batch.isEmpty, batch.count <= Int(batchEnd - frontier.size) else {
                throw .misbehaving("asked for entries \(frontier.size) to \(batchEnd - 1), got \(batch.count)")
            }
            for (offset, entry) in batch.enumerated() {
                guard entry.index == frontier.size else {
                    throw .misbehaving("entry \(frontier.size + UInt64(offset)) came as entry \(entry.index)")
                }
                frontier.append(entry.leafHash)
            }
            entries += batch
        }
        try await provePrefix(frontier, of: head)
        return (entries, LogPosition(treeHead: head, frontier: frontier))
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
