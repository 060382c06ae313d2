import Testing
import TransparencyLog

/// The iterative verifiers and the frontier against RFC 6962's recursive definitions, for every size and index of
/// small trees, and every single-hash tampering.
@Suite("Merkle proofs and the frontier against RFC 6962's definitions")
struct MerkleProofTests {
    static let sizes = 1...40

    @Test("every inclusion proof of every tree up to 40 entries verifies; a flipped hash or a wrong index does not")
    func inclusionProofs() throws {
        for size in Self.sizes {
            let leaves = MerkleReference.leaves(size)
            let root = MerkleReference.root(leaves[...])
            for index in 0..<size {
                let path = MerkleReference.path(index, leaves[...])
                let proof = InclusionProof(index: UInt64(index), treeSize: UInt64(size), path: path)
                #expect(throws: Never.self) { try proof.verify(leaf: .leaf(leaves[index]), root: root) }
                for tampered in path.indices {
                    var bad = path
                    bad[tampered] = .leaf(Array("forged".utf8))
                    #expect(throws: MerkleProofError.self, "\(size)/\(index)/\(tampered)") {
                        try InclusionProof(index: UInt64(index), treeSize: UInt64(size), path: bad)
                            .verify(leaf: .leaf(leaves[index]), root: root)
                    }
                }
                if size > 1 {
                    let other = (index + 1) % size
                    #expect(throws: MerkleProofError.self) {
                        try InclusionProof(index: UInt64(other), treeSize: UInt64(size), path: path)
                            .verify(leaf: .leaf(leaves[index]), root: root)
                    }
                }
            }
        }
    }

    @Test("every consistency proof between trees up to 40 entries verifies; tampering, a fork or a rewind does not")
    func consistencyProofs() throws {
        for newSize in Self.sizes {
            let leaves = MerkleReference.leaves(newSize)
            let newRoot = MerkleReference.root(leaves[...])
            for oldSize in 1...newSize {
                let oldRoot = MerkleReference.root(leaves[..<oldSize])
                let path = MerkleReference.proof(oldSize, leaves[...])
                let proof = ConsistencyProof(oldSize: UInt64(oldSize), newSize: UInt64(newSize), path: path)
                #expect(throws: Never.self, "\(oldSize)→\(newSize)") {
                    try proof.verify(oldRoot: oldRoot, newRoot: newRoot)
                }
                for tampered in path.indices {
                    var bad = path
                    bad[tampered] = .leaf(Array("forged".utf8))
                    #expect(throws: MerkleProofError.self) {
                        try ConsistencyProof(oldSize: UInt64(oldSize), newSize: UInt64(newSize), path: bad)
                            .verify(oldRoot: oldRoot, newRoot: newRoot)
                    }
                }
                // A fork: the old tree's last entry replaced in the new history.
                var forked = leaves
                forked[oldSize - 1] = Array("forked".utf8)
                let forkedRoot = MerkleReference.root(forked[...])
                let forkedPath = MerkleReference.proof(oldSize, forked[...])
                #expect(throws: MerkleProofError.self) {
                    try ConsistencyProof(oldSize: UInt64(oldSize), newSize: UInt64(newSize), path: forkedPath)
                        .verify(oldRoot: oldRoot, newRoot: forkedRoot)
                }
            }
        }
        #expect(throws: MerkleProofError.self) {
            try ConsistencyProof(oldSize: 5, newSize: 4, path: []).verify(oldRoot: .emptyTree, newRoot: .emptyTree)
        }
    }

    @Test("the frontier's root is MTH for every size, and the frontier read from the last entry's proof is the same")
    func frontier() throws {
        var frontier = MerkleFrontier()
        #expect(frontier.root == .emptyTree)
        let leaves = MerkleReference.leaves(300)
        for (count, leaf) in leaves.enumerated() {
            frontier.append(.leaf(leaf))
            let size = count + 1
            let root = MerkleReference.root(leaves[..<size])
            #expect(frontier.root == root, "size \(size)")
            #expect(frontier.subtrees.count == size.nonzeroBitCount)
            let proof = InclusionProof(
                index: UInt64(size - 1), treeSize: UInt64(size), path: MerkleReference.path(size - 1, leaves[..<size]))
            let read = try MerkleFrontier(lastLeaf: .leaf(leaf), proof: proof, root: root)
            #expect(read == frontier, "size \(size)")
        }
        // Read back from storage: the count must match the size's bits.
        #expect(throws: MerkleProofError.self) {
            try MerkleFrontier(size: 3, subtrees: [.emptyTree])
        }
    }
}
