import Crypto
import Foundation

/// A node of a Certificate Transparency log's Merkle tree (RFC 6962 §2.1): 32 bytes of SHA-256, with the leaf and
/// interior prefixes that keep a leaf from passing for a node.
public struct TreeHash: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// Exactly 32 bytes, else nil.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        self.bytes = Array(bytes)
    }

    /// Standard base64 of 32 bytes, as the log APIs write hashes; else nil.
    public init?(base64: String) {
        guard let data = Data(base64Encoded: base64) else { return nil }
        self.init(bytes: data)
    }

    private init(digest: SHA256.Digest) {
        bytes = Array(digest)
    }

    public var base64: String { Data(bytes).base64EncodedString() }
    public var description: String { base64 }

    /// MTH of a one-entry list: SHA-256(0x00 || entry).
    public static func leaf(_ entry: some DataProtocol) -> TreeHash {
        var hasher = SHA256()
        hasher.update(data: [0])
        hasher.update(data: entry)
        return TreeHash(digest: hasher.finalize())
    }

    /// An interior node: SHA-256(0x01 || left || right).
    public static func node(_ left: TreeHash, _ right: TreeHash) -> TreeHash {
        var hasher = SHA256()
        hasher.update(data: [1])
        hasher.update(data: left.bytes)
        hasher.update(data: right.bytes)
        return TreeHash(digest: hasher.finalize())
    }

    /// The root of a complete subtree whose bottom row (2^k hashes) is `row`.
    public static func completeRoot(_ row: some Collection<TreeHash>) -> TreeHash {
        var level = Array(row)
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: 2).map { TreeHash.node(level[$0], level[$0 + 1]) }
        }
        return level[0]
    }

    /// MTH of the empty list: SHA-256 of nothing.
    public static let emptyTree = TreeHash(digest: SHA256.hash(data: [UInt8]()))
}
