/// An audit path (RFC 6962 §2.1.1): the sibling hashes from a leaf up to the root of a tree of `treeSize` leaves.
/// Verified as RFC 9162 §2.1.3.2 describes, so a log cannot claim an entry it did not put at `index`.
public struct InclusionProof: Hashable, Sendable {
    public let index: UInt64
    public let treeSize: UInt64
    public let path: [TreeHash]

    public init(index: UInt64, treeSize: UInt64, path: [TreeHash]) {
        self.index = index
        self.treeSize = treeSize
        self.path = path
    }

    /// The root that `leaf` and this path lead to.
    public func root(fromLeaf leaf: TreeHash) throws(MerkleProofError) -> TreeHash {
        guard index < treeSize else {
            throw .impossibleSizes("leaf \(index) is not in a tree of \(treeSize) entries")
        }
        let expected = Self.length(index: index, treeSize: treeSize)
        guard path.count == expected else { throw .wrongLength(expected: expected, got: path.count) }
        var node = index
        var last = treeSize - 1
        var hash = leaf
        for sibling in path {
            if node & 1 == 1 || node == last {
                hash = .node(sibling, hash)
                // A right edge with no sibling at these levels: the node moves up alone.
                while node & 1 == 0 && node != 0 {
                    node >>= 1
                    last >>= 1
                }
            } else {
                hash = .node(hash, sibling)
            }
            node >>= 1
            last >>= 1
        }
        return hash
    }

    /// Throws unless `leaf` sits at `index` in the tree whose root is `root`.
    public func verify(leaf: TreeHash, root: TreeHash) throws(MerkleProofError) {
        guard try self.root(fromLeaf: leaf) == root else { throw .rootMismatch("the signed root") }
    }

    /// How many hashes an audit path for `index` in a tree of `treeSize` has: one per level where the node has a
    /// sibling.
    static func length(index: UInt64, treeSize: UInt64) -> Int {
        var node = index
        var last = treeSize - 1
        var count = 0
        while last > 0 {
            if node & 1 == 1 || node < last { count += 1 }
            node >>= 1
            last >>= 1
        }
        return count
    }
}
