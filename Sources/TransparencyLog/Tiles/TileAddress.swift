/// Where a static-ct-api log serves a tile: `tile/<L>/<N>[.p/<W>]` for hashes and `tile/data/<N>[.p/<W>]` for
/// entries. A tile holds 256 consecutive hashes at its level (or entries); the rightmost one of a tree may be
/// partial, `width` wide.
public struct TileAddress: Hashable, Sendable, CustomStringConvertible {
    /// Hashes per full tile.
    public static let fullWidth = 256

    public enum Kind: Hashable, Sendable {
        /// Merkle tree hashes at tile level `level` (level 0 holds leaf hashes; level l, subtrees of 256^l).
        case hashes(level: Int)
        /// The log entries of the level-0 tile with the same index.
        case data
    }

    public let kind: Kind
    public let index: UInt64
    /// 1 to 256; below 256 the tile is partial (0: no such tile in the tree asked about).
    public let width: Int

    public init(kind: Kind, index: UInt64, width: Int = TileAddress.fullWidth) {
        self.kind = kind
        self.index = index
        self.width = width
    }

    /// The tile at `level` and `index` as a tree of `treeSize` entries has it: full, or the partial rightmost one.
    public static func hashes(level: Int, index: UInt64, treeSize: UInt64) -> TileAddress {
        TileAddress(kind: .hashes(level: level), index: index, width: width(level: level, index: index, treeSize))
    }

    /// The data tile `index` as a tree of `treeSize` entries has it.
    public static func data(index: UInt64, treeSize: UInt64) -> TileAddress {
        TileAddress(kind: .data, index: index, width: width(level: 0, index: index, treeSize))
    }

    /// The path under the log's monitoring prefix. The index is written in 3-digit groups, all but the last
    /// prefixed with `x` (1234067 is `x001/x234/067`).
    public var path: String {
        var groups: [String] = []
        var rest = index
        repeat {
            let group = String(rest % 1000)
            groups.insert(String(repeating: "0", count: 3 - group.count) + group, at: 0)
            rest /= 1000
        } while rest > 0
        let number = groups.enumerated().map { $0.offset < groups.count - 1 ? "x" + $0.element : $0.element }
        let levelPart: String
        switch kind {
        case .hashes(let level): levelPart = String(level)
        case .data: levelPart = "data"
        }
        let partial = width < Self.fullWidth ? ".p/\(width)" : ""
        return "tile/\(levelPart)/" + number.joined(separator: "/") + partial
    }

    public var description: String { path }

    private static func width(level: Int, index: UInt64, _ treeSize: UInt64) -> Int {
        let hashes = treeSize >> (8 * UInt64(level))
        let full = hashes / UInt64(fullWidth)
        if index < full { return fullWidth }
        // The rightmost tile is partial; past it there is no tile (width 0).
        return index == full ? Int(hashes % UInt64(fullWidth)) : 0
    }
}
