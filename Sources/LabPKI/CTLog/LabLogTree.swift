import TransparencyLog

/// The Merkle tree of a lab log's leaf hashes, computing what a log serves: roots, audit paths and consistency
/// proofs (RFC 6962 §2.1), and tile hashes. Recursive as the RFC defines them, with complete subtrees remembered;
/// a lab log holds thousands of entries, not millions.
struct LabLogTree {
    private(set) var leaves: [TreeHash] = []
    private var complete: [Int: [UInt64: TreeHash]] = [:]

    mutating func append(_ leaf: TreeHash) { leaves.append(leaf) }

    var size: UInt64 { UInt64(leaves.count) }

    /// MTH(D[start..<end]).
    mutating func root(_ start: UInt64, _ end: UInt64) -> TreeHash {
        let n = end - start
        if n == 0 { return .emptyTree }
        if n == 1 { return leaves[Int(start)] }
        if n.nonzeroBitCount == 1 && start % n == 0 {
            let height = n.trailingZeroBitCount
            if let known = complete[height]?[start >> UInt64(height)] { return known }
            let k = n / 2
            let hash = TreeHash.node(root(start, start + k), root(start + k, end))
            complete[height, default: [:]][start >> UInt64(height)] = hash
            return hash
        }
        let k = Self.split(n)
        return .node(root(start, start + k), root(start + k, end))
    }

    /// PATH(m, D[0..<size]).
    mutating func path(_ m: UInt64, size: UInt64) -> [TreeHash] { path(m, 0, size) }

    private mutating func path(_ m: UInt64, _ start: UInt64, _ end: UInt64) -> [TreeHash] {
        let n = end - start
        guard n > 1 else { return [] }
        let k = Self.split(n)
        if m < k { return path(m, start, start + k) + [root(start + k, end)] }
        return path(m - k, start + k, end) + [root(start, start + k)]
    }

    /// PROOF(m, D[0..<size]).
    mutating func consistency(_ m: UInt64, size: UInt64) -> [TreeHash] { subproof(m, 0, size, true) }

    private mutating func subproof(_ m: UInt64, _ start: UInt64, _ end: UInt64, _ whole: Bool) -> [TreeHash] {
        let n = end - start
        if m == n { return whole ? [] : [root(start, end)] }
        let k = Self.split(n)
        if m <= k { return subproof(m, start, start + k, whole) + [root(start + k, end)] }
        return subproof(m - k, start + k, end, false) + [root(start, start + k)]
    }

    /// The hashes of tile `index` at `level` as a tree of `size` entries has it (`width` of them).
    mutating func tile(level: Int, index: UInt64, width: Int) -> [TreeHash] {
        let span = UInt64(1) << UInt64(8 * level)
        let first = index * UInt64(TileAddress.fullWidth)
        return (0..<UInt64(width)).map { root((first + $0) * span, (first + $0 + 1) * span) }
    }

    private static func split(_ n: UInt64) -> UInt64 {
        UInt64(1) << UInt64(63 - (n - 1).leadingZeroBitCount)
    }
}
