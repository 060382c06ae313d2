extension MerkleFrontier {
    /// The hash tiles that hold a tree's right edge: for each complete subtree of a tree of `size` entries, the tile
    /// at the level just below the subtree's height (a subtree of 2^h entries is 2^(h mod 8) hashes of the tile at
    /// level h / 8).
    public static func tiles(forSize size: UInt64) -> [TileAddress] {
        var addresses: [TileAddress] = []
        for subtree in subtreeSpans(size) {
            let address = TileAddress.hashes(level: subtree.level, index: subtree.tile, treeSize: size)
            if !addresses.contains(address) { addresses.append(address) }
        }
        return addresses
    }

    /// The frontier of a tree of `size` entries from its hash tiles (as ``tiles(forSize:)`` lists them), checked
    /// against the signed `root`: a log cannot serve tiles for a tree it did not sign.
    public init(size: UInt64, tiles: [TileAddress: [TreeHash]], root: TreeHash) throws(MerkleProofError) {
        var subtrees: [TreeHash] = []
        for span in Self.subtreeSpans(size) {
            let address = TileAddress.hashes(level: span.level, index: span.tile, treeSize: size)
            guard let hashes = tiles[address], hashes.count == address.width else {
                throw .impossibleSizes("tile \(address.path) is missing or not \(address.width) hashes wide")
            }
            guard span.offset + span.count <= hashes.count else {
                throw .impossibleSizes("tile \(address.path) is too narrow for the tree")
            }
            subtrees.append(.completeRoot(hashes[span.offset..<(span.offset + span.count)]))
        }
        try self.init(size: size, subtrees: subtrees)
        guard self.root == root else { throw .rootMismatch("the checkpoint's root") }
    }

    /// One complete subtree of the right edge, as a run of hashes in one tile.
    private struct Span {
        let level: Int
        let tile: UInt64
        let offset: Int
        let count: Int
    }

    private static func subtreeSpans(_ size: UInt64) -> [Span] {
        var spans: [Span] = []
        var start: UInt64 = 0
        for height in (0..<64).reversed() where size & (UInt64(1) << UInt64(height)) != 0 {
            let level = height / 8
            let position = start >> UInt64(8 * level)
            spans.append(
                Span(
                    level: level, tile: position / UInt64(TileAddress.fullWidth),
                    offset: Int(position % UInt64(TileAddress.fullWidth)), count: 1 << (height % 8)))
            start += UInt64(1) << UInt64(height)
        }
        return spans
    }
}

extension TileAddress {
    /// The hashes of a hash tile's bytes: `width` hashes of 32 bytes, nothing else.
    public static func hashes(in bytes: [UInt8], width: Int) -> [TreeHash]? {
        guard bytes.count == width * 32 else { return nil }
        return stride(from: 0, to: bytes.count, by: 32).compactMap { TreeHash(bytes: bytes[$0..<($0 + 32)]) }
    }
}
