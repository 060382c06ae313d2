import Testing
import TransparencyLog

/// Tile addresses as the static-ct-api specifies them, and a tree's right edge read from its tiles.
@Suite("static-ct-api tiles")
struct TileTests {
    @Test("paths: 3-digit groups with x on all but the last, .p/W for a partial tile")
    func paths() {
        #expect(TileAddress(kind: .hashes(level: 0), index: 1_234_067).path == "tile/0/x001/x234/067")
        #expect(TileAddress(kind: .hashes(level: 2), index: 0, width: 1).path == "tile/2/000.p/1")
        #expect(TileAddress(kind: .data, index: 1000, width: 112).path == "tile/data/x001/000.p/112")
        #expect(TileAddress(kind: .data, index: 999).path == "tile/data/999")
    }

    @Test("a tree of 70,000 entries: 273 full and one 112-wide level-0 tiles, 1 full and one 17-wide at level 1")
    func widths() {
        #expect(TileAddress.hashes(level: 0, index: 272, treeSize: 70_000).width == 256)
        #expect(TileAddress.hashes(level: 0, index: 273, treeSize: 70_000).width == 112)
        #expect(TileAddress.hashes(level: 1, index: 0, treeSize: 70_000).width == 256)
        #expect(TileAddress.hashes(level: 1, index: 1, treeSize: 70_000).width == 17)
        #expect(TileAddress.hashes(level: 2, index: 0, treeSize: 70_000).width == 1)
        #expect(TileAddress.data(index: 273, treeSize: 70_000).path == "tile/data/273.p/112")
    }

    /// Every tile of a tree of `size` leaves, computed from the leaves as the specification defines them.
    static func tiles(_ leaves: [[UInt8]]) -> [TileAddress: [TreeHash]] {
        var tiles: [TileAddress: [TreeHash]] = [:]
        var level = leaves.map { TreeHash.leaf($0) }
        var tileLevel = 0
        var span = 1
        while !level.isEmpty {
            for start in stride(from: 0, to: level.count, by: 256) {
                let hashes = Array(level[start..<min(start + 256, level.count)])
                tiles[TileAddress(kind: .hashes(level: tileLevel), index: UInt64(start / 256), width: hashes.count)] =
                    hashes
            }
            // The next level: MTH of each complete run of 256^level leaves, by RFC 6962's definition.
            span *= 256
            level = stride(from: 0, to: leaves.count - leaves.count % span, by: span).map {
                MerkleReference.root(leaves[$0..<($0 + span)])
            }
            tileLevel += 1
        }
        return tiles
    }

    @Test("the frontier read from tiles equals the one built entry by entry, and a forged tile hash is caught")
    func frontierFromTiles() throws {
        let leaves = MerkleReference.leaves(70_000 / 50)  // 1,400 entries: full and partial tiles at two levels
        let tiles = Self.tiles(leaves)
        var built = MerkleFrontier()
        for (count, leaf) in leaves.enumerated() {
            built.append(.leaf(leaf))
            let size = UInt64(count + 1)
            guard size % 97 == 0 || size == 256 || size == 512 || size == UInt64(leaves.count) else { continue }
            let needed = MerkleFrontier.tiles(forSize: size)
            var served: [TileAddress: [TreeHash]] = [:]
            for address in needed {
                let full = tiles.first { $0.key.kind == address.kind && $0.key.index == address.index }
                served[address] = full.map { Array($0.value.prefix(address.width)) }
            }
            let read = try MerkleFrontier(size: size, tiles: served, root: built.root)
            #expect(read == built, "size \(size)")
            if let address = needed.first, var forged = served[address] {
                forged[0] = .leaf(Array("forged".utf8))  // the largest subtree starts at entry 0
                served[address] = forged
                #expect(throws: MerkleProofError.self, "size \(size)") {
                    try MerkleFrontier(size: size, tiles: served, root: built.root)
                }
            }
        }
    }
}
