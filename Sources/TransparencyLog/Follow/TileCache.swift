/// The hash tiles of one tree size, fetched once each while one proof or frontier is computed.
actor TileCache {
    let transport: any LogTransport
    let treeSize: UInt64
    private var tiles: [TileAddress: [TreeHash]] = [:]

    init(transport: any LogTransport, treeSize: UInt64) {
        self.transport = transport
        self.treeSize = treeSize
    }

    /// MTH of the entries in `range`, from the tiles: each complete subtree of the range from its tile.
    func hash(of range: Range<UInt64>) async throws(LogFailure) -> TreeHash {
        var subtrees: [TreeHash] = []
        for piece in ConsistencyRanges.completeSubtrees(range) {
            subtrees.append(try await subtree(height: piece.height, index: piece.index))
        }
        guard var hash = subtrees.last else { return .emptyTree }
        for subtree in subtrees.dropLast().reversed() { hash = .node(subtree, hash) }
        return hash
    }

    /// A complete subtree of 2^height entries: 2^(height mod 8) hashes of the tile at level height / 8.
    func subtree(height: Int, index: UInt64) async throws(LogFailure) -> TreeHash {
        let level = height / 8
        let span = 1 << (height % 8)
        let position = index * UInt64(span)
        let width = UInt64(TileAddress.fullWidth)
        let address = TileAddress.hashes(level: level, index: position / width, treeSize: treeSize)
        let hashes = try await self.hashes(address)
        let offset = Int(position % width)
        guard offset + span <= hashes.count else {
            throw .misbehaving("tile \(address.path) is too narrow for a tree of \(treeSize) entries")
        }
        return .completeRoot(hashes[offset..<(offset + span)])
    }

    /// A hash tile: the partial one this tree size calls for, else the full tile it may have become (a log may
    /// drop partial tiles once full ones exist), cut to the width the tree size calls for.
    func hashes(_ address: TileAddress) async throws(LogFailure) -> [TreeHash] {
        if let known = tiles[address] { return known }
        let bytes: [UInt8]
        do {
            bytes = Array(try await Self.fetch(address, from: transport, maximumBytes: address.width * 32))
        } catch  where address.width < TileAddress.fullWidth && !error.isMisbehaviour {
            let full = TileAddress(kind: address.kind, index: address.index)
            bytes = Array(
                try await Self.fetch(full, from: transport, maximumBytes: full.width * 32).prefix(address.width * 32))
        }
        guard let hashes = TileAddress.hashes(in: bytes, width: address.width) else {
            throw .misbehaving("tile \(address.path) is \(bytes.count) bytes, not \(address.width) hashes")
        }
        tiles[address] = hashes
        return hashes
    }

    static func fetch(
        _ address: TileAddress, from transport: any LogTransport, maximumBytes: Int
    ) async throws(LogFailure) -> [UInt8] {
        Array(try await transport.get(address.path, maximumBytes: maximumBytes))
    }
}
