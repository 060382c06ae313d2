/// A consistency proof (RFC 6962 §2.1.2): the hashes that show a tree of `newSize` entries begins with the tree of
/// `oldSize` entries a client saw before. Verified as RFC 9162 §2.1.4.2 describes; a log that forked or rewrote its
/// history cannot produce one.
public struct ConsistencyProof: Hashable, Sendable {
    public let oldSize: UInt64
    public let newSize: UInt64
    public let path: [TreeHash]

    public init(oldSize: UInt64, newSize: UInt64, path: [TreeHash]) {
        self.oldSize = oldSize
        self.newSize = newSize
        self.path = path
    }

    /// Throws unless the tree with root `newRoot` extends the one with root `oldRoot`.
    public func verify(oldRoot: TreeHash, newRoot: TreeHash) throws(MerkleProofError) {
        guard oldSize <= newSize else {
            throw .impossibleSizes("the tree shrank from \(oldSize) to \(newSize) entries")
        }
        // Every tree extends the empty one, so such a proof would prove nothing: a watcher starts from a frontier.
        guard oldSize > 0 else { throw .impossibleSizes("a consistency proof from the empty tree proves nothing") }
        if oldSize == newSize {
            guard path.isEmpty else { throw .wrongLength(expected: 0, got: path.count) }
            guard oldRoot == newRoot else { throw .rootMismatch("one root for one size") }
            return
        }
        let (oldComputed, newComputed) = try roots(oldRoot: oldRoot)
        guard oldComputed == oldRoot else { throw .rootMismatch("the earlier root") }
        guard newComputed == newRoot else { throw .rootMismatch("the later root") }
    }

    /// The two roots the path leads to, for 0 < oldSize < newSize.
    private func roots(oldRoot: TreeHash) throws(MerkleProofError) -> (TreeHash, TreeHash) {
        // When the old tree is a complete subtree of the new one, its root is the path's implied first hash.
        let hashes = oldSize.nonzeroBitCount == 1 ? [oldRoot] + path : path
        var node = oldSize - 1
        var last = newSize - 1
        while node & 1 == 1 {
            node >>= 1
            last >>= 1
        }
        let expected = Self.length(node: node, last: last) + 1
        guard hashes.count == expected else {
            throw .wrongLength(expected: expected - (hashes.count - path.count), got: path.count)
        }
        var old = hashes[0]
        var new = hashes[0]
        for hash in hashes.dropFirst() {
            if node & 1 == 1 || node == last {
                old = .node(hash, old)
                new = .node(hash, new)
                while node & 1 == 0 && node != 0 {
                    node >>= 1
                    last >>= 1
                }
            } else {
                new = .node(new, hash)
            }
            node >>= 1
            last >>= 1
        }
        return (old, new)
    }

    /// The hashes the loop above consumes from (node, last): one per level where either side has a sibling.
    private static func length(node: UInt64, last: UInt64) -> Int {
        var node = node
        var last = last
        var count = 0
        while last > 0 {
            if node & 1 == 1 || node == last {
                count += 1
                while node & 1 == 0 && node != 0 {
                    node >>= 1
                    last >>= 1
                }
            } else {
                count += 1
            }
            node >>= 1
            last >>= 1
        }
        return count
    }
}
