/// One log's read API, whichever it is (RFC 6962 or static-ct-api tiles), reduced to what a watcher needs. Every
/// answer is verified before it is returned: a tree head against the log's key, a consistency or a frontier
/// against signed roots. Entries are returned as served; the follower proves them by the root they rebuild.
public protocol LogEndpoint: Sendable {
    /// The latest tree head, its signature checked.
    func latestTreeHead() async throws(LogFailure) -> TreeHead
    /// Throws unless the tree of `new` extends the tree of `oldSize` entries whose root is `oldRoot`.
    func proveConsistency(oldSize: UInt64, oldRoot: TreeHash, new: TreeHead) async throws(LogFailure)
    /// Entries `start` up to (not including) `end` of the tree of `head`, at most ``maximumBatch`` at once, in
    /// order (fewer when the API serves fewer at once).
    func entries(from start: UInt64, to end: UInt64, of head: TreeHead) async throws(LogFailure) -> [LogEntry]
    /// The right edge of the tree of `head`, checked against its root: where a first run that skips the log's
    /// past starts.
    func frontier(of head: TreeHead) async throws(LogFailure) -> MerkleFrontier
    /// The issuing certificates (DER, nearest first) the log names for `entry`, each checked against the
    /// fingerprint the entry carries.
    func issuers(of entry: LogEntry) async throws(LogFailure) -> [[UInt8]]
    /// The most entries one `entries` call asks for.
    var maximumBatch: Int { get }
}
