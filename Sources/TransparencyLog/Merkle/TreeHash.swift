import Crypto
import Foundation

/// A node of a Certificate Transparency log's Merkle tree (RFC 6962 §2.1): 32 bytes of SHA-256, with the leaf and
/// interior prefixes that keep a leaf from passing for a node.
public struct TreeHash: Hashable, Sendable, CustomStringConvertible {
    // The 32 bytes as four big-endian words, held inline: a log of millions of entries hashes millions of nodes, and
    // a heap array per hash would cost more than the hashing.
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// Exactly 32 bytes, else nil.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        var words: [UInt64] = [0, 0, 0, 0]
        for (offset, byte) in bytes.enumerated() { words[offset / 8] = words[offset / 8] << 8 | UInt64(byte) }
        self.words = (words[0], words[1], words[2], words[3])
    }

    /// Standard base64 of 32 bytes, as the log APIs write hashes; else nil.
    public init?(base64: String) {
        guard let data = Data(base64Encoded: base64) else { return nil }
        self.init(bytes: data)
    }

    private init(digest: SHA256.Digest) {
        words = digest.withUnsafeBytes { raw in
            (
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            )
        }
    }

    /// The 32 bytes of the hash.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// Runs `body` over the 32 bytes without building an array.
    private func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeBytes(of: (words.0.bigEndian, words.1.bigEndian, words.2.bigEndian, words.3.bigEndian), body)
    }

    public static func == (left: TreeHash, right: TreeHash) -> Bool { left.words == right.words }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
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
        left.withBytes { hasher.update(bufferPointer: $0) }
        right.withBytes { hasher.update(bufferPointer: $0) }
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
