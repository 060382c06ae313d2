/// Where a watcher stands in one log: the last tree head it verified, and the frontier of the entries it has read
/// and proven (at most that head's size). Saved between runs, so a restart neither misses nor repeats an entry.
public struct LogPosition: Hashable, Sendable {
    public let treeHead: TreeHead
    public let frontier: MerkleFrontier

    public init(treeHead: TreeHead, frontier: MerkleFrontier) {
        self.treeHead = treeHead
        self.frontier = frontier
    }

    /// The next entry to read.
    public var next: UInt64 { frontier.size }
    /// True when every entry of the last tree head has been read.
    public var caughtUp: Bool { frontier.size == treeHead.size }
}
