/// The right edge of a Merkle tree: the roots of its complete subtrees, largest first (one per set bit of `size`).
/// It is all a watcher keeps of a log between runs. Appending the entries a log serves next and recomputing the
/// root checks, in one step, that the log kept its history (the old subtrees are still under the new root) and that
/// the entries served are the ones signed.
public struct MerkleFrontier: Hashable, Sendable {
    public private(set) var size: UInt64
    /// The complete subtrees' roots, largest first.
    public private(set) var subtrees: [TreeHash]

    /// The empty tree.
    public init() {
        size = 0
        subtrees = []
    }

    /// A frontier read back from storage: `subtrees` must hold one hash per set bit of `size`.
    public init(size: UInt64, subtrees: [TreeHash]) throws(MerkleProofError) {
        guard subtrees.count == size.nonzeroBitCount else {
            throw .wrongLength(expected: size.nonzeroBitCount, got: subtrees.count)
        }
        self.size = size
        self.subtrees = subtrees
    }

    /// The frontier of a tree of `proof.treeSize` entries, from its last entry's hash and audit path, checked
    /// against the tree's signed root. For an RFC 6962 log first met at that size (`get-proof-by-hash` of the last
    /// entry): every hash of that path is a left sibling, so the path holds the larger subtrees' roots.
    public init(lastLeaf: TreeHash, proof: InclusionProof, root: TreeHash) throws(MerkleProofError) {
        guard proof.treeSize > 0, proof.index == proof.treeSize - 1 else {
            throw .impossibleSizes("the frontier is read from the last entry's proof, not entry \(proof.index)")
        }
        try proof.verify(leaf: lastLeaf, root: root)
        // The first levels build the smallest subtree (as many as the size has trailing zero bits).
        let inner = proof.treeSize.trailingZeroBitCount
        var smallest = lastLeaf
        for sibling in proof.path.prefix(inner) { smallest = .node(sibling, smallest) }
        try self.init(size: proof.treeSize, subtrees: proof.path.dropFirst(inner).reversed() + [smallest])
    }

    /// Adds the next entry's leaf hash.
    public mutating func append(_ leaf: TreeHash) {
        var hash = leaf
        var count = size
        while count & 1 == 1 {
            hash = .node(subtrees.removeLast(), hash)
            count >>= 1
        }
        subtrees.append(hash)
        size += 1
    }

    /// The tree's root (RFC 6962's MTH): the subtrees folded from the right.
    public var root: TreeHash {
        guard var hash = subtrees.last else { return .emptyTree }
        for subtree in subtrees.dropLast().reversed() { hash = .node(subtree, hash) }
        return hash
    }
}
