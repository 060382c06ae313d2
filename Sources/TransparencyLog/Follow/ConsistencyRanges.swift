/// Which subtrees an RFC 6962 consistency proof is made of (§2.1.2, SUBPROOF), as entry ranges: a tiled log serves
/// no proofs, so the client works out which hashes the proof needs and reads them from tiles.
enum ConsistencyRanges {
    /// The ranges of SUBPROOF(m, D[start..<end], complete), in proof order.
    static func subproof(_ m: UInt64, _ start: UInt64, _ end: UInt64, complete: Bool) -> [Range<UInt64>] {
        let n = end - start
        if m == n { return complete ? [] : [start..<end] }
        let k = largestPowerOfTwo(below: n)
        if m <= k {
            return subproof(m, start, start + k, complete: complete) + [(start + k)..<end]
        }
        return subproof(m - k, start + k, end, complete: false) + [start..<(start + k)]
    }

    /// The largest power of two smaller than `n` (n > 1).
    static func largestPowerOfTwo(below n: UInt64) -> UInt64 {
        UInt64(1) << UInt64(63 - (n - 1).leadingZeroBitCount)
    }

    /// `range` (which starts on a boundary of its own size's largest power of two, as every range of a proof
    /// does) as complete subtrees, largest first: (height, index at that height).
    static func completeSubtrees(_ range: Range<UInt64>) -> [(height: Int, index: UInt64)] {
        var pieces: [(Int, UInt64)] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var height = 63 - (range.upperBound - start).leadingZeroBitCount
            while start % (UInt64(1) << UInt64(height)) != 0 { height -= 1 }
            pieces.append((height, start >> UInt64(height)))
            start += UInt64(1) << UInt64(height)
        }
        return pieces
    }
}
