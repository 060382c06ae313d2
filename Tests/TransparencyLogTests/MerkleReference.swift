import TransparencyLog

/// RFC 6962 §2.1's recursive definitions, written as the RFC states them: MTH, PATH and PROOF/SUBPROOF. The
/// verifiers under test are iterative (RFC 9162 §2.1.3.2, §2.1.4.2), so agreement between the two is a real check.
enum MerkleReference {
    /// The largest power of two smaller than `n` (n > 1).
    static func split(_ n: Int) -> Int {
        var k = 1
        while k << 1 < n { k <<= 1 }
        return k
    }

    static func root(_ leaves: ArraySlice<[UInt8]>) -> TreeHash {
        switch leaves.count {
        case 0: return .emptyTree
        case 1: return .leaf(leaves.first!)
        default:
            let k = split(leaves.count)
            let start = leaves.startIndex
            return .node(root(leaves[start..<(start + k)]), root(leaves[(start + k)...]))
        }
    }

    /// PATH(m, D[n]).
    static func path(_ m: Int, _ leaves: ArraySlice<[UInt8]>) -> [TreeHash] {
        guard leaves.count > 1 else { return [] }
        let k = split(leaves.count)
        let start = leaves.startIndex
        if m < k {
            return path(m, leaves[start..<(start + k)]) + [root(leaves[(start + k)...])]
        }
        return path(m - k, leaves[(start + k)...]) + [root(leaves[start..<(start + k)])]
    }

    /// PROOF(m, D[n]) = SUBPROOF(m, D[n], true).
    static func proof(_ m: Int, _ leaves: ArraySlice<[UInt8]>) -> [TreeHash] {
        subproof(m, leaves, true)
    }

    private static func subproof(_ m: Int, _ leaves: ArraySlice<[UInt8]>, _ complete: Bool) -> [TreeHash] {
        let n = leaves.count
        if m == n { return complete ? [] : [root(leaves)] }
        let k = split(n)
        let start = leaves.startIndex
        if m <= k {
            return subproof(m, leaves[start..<(start + k)], complete) + [root(leaves[(start + k)...])]
        }
        return subproof(m - k, leaves[(start + k)...], false) + [root(leaves[start..<(start + k)])]
    }

    /// Distinct leaves for a tree of `count` entries.
    static func leaves(_ count: Int) -> [[UInt8]] {
        (0..<count).map { Array("entry \($0)".utf8) }
    }
}
