import Foundation
import PinningCore

/// What a log commits to at one moment: its size and root, and when it said so. It comes either as an RFC 6962
/// signed tree head (`get-sth`) or as a static-ct-api checkpoint; both carry the same signature over the same bytes.
public struct TreeHead: Hashable, Sendable {
    public let size: UInt64
    public let root: TreeHash
    /// Milliseconds since the epoch.
    public let timestampMilliseconds: UInt64

    public init(size: UInt64, root: TreeHash, timestampMilliseconds: UInt64) {
        self.size = size
        self.root = root
        self.timestampMilliseconds = timestampMilliseconds
    }

    public var timestamp: Date { Date(timeIntervalSince1970: Double(timestampMilliseconds) / 1000) }

    /// More entries than any log can hold (2^48: petabytes of certificates, some thousand times the largest log):
    /// a head claiming more is the log misbehaving. Below it, sizes, batch ends and tile indices never overflow.
    public static let maximumSize: UInt64 = 1 << 48
    /// The last millisecond of the year 9999, the latest time a certificate can state (RFC 5280 GeneralizedTime):
    /// a later tree head timestamp is the log misbehaving.
    public static let maximumTimestamp: UInt64 = 253_402_300_799_999

    /// Throws unless `size` and `timestampMilliseconds` are numbers a log can hold: checked before any arithmetic
    /// on them, and before they are kept.
    public static func checkRange(size: UInt64, timestampMilliseconds: UInt64) throws(TreeHeadError) {
        guard size <= maximumSize else {
            throw .outOfRange("a tree head of \(size) entries, more than any log holds (at most 2^48)")
        }
        guard timestampMilliseconds <= maximumTimestamp else {
            throw .outOfRange("a tree head timestamp of \(timestampMilliseconds) ms, after the year 9999")
        }
    }

    /// The bytes a log signs (RFC 6962 §3.5): `Version v1; SignatureType tree_hash; uint64 timestamp; uint64
    /// tree_size; opaque sha256_root_hash[32]`.
    public var signedBytes: [UInt8] {
        var bytes: [UInt8] = [0, 1]
        bytes += Self.bigEndian(timestampMilliseconds) + Self.bigEndian(size) + root.bytes
        return bytes
    }

    /// Throws unless `signature` is the log's (`key`, its SubjectPublicKeyInfo) over this tree head.
    public func verify(_ signature: DigitallySigned, key: [UInt8]) throws(TreeHeadError) {
        guard signature.algorithm != nil else {
            throw .unsupportedSignature(hash: signature.hashAlgorithm, signature: signature.signatureAlgorithm)
        }
        guard signature.isValid(for: signedBytes, byKey: key) else { throw .badSignature }
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}

/// Why a tree head was not taken.
public enum TreeHeadError: Error, Hashable, Sendable, CustomStringConvertible {
    case malformed(String)
    case unsupportedSignature(hash: UInt8, signature: UInt8)
    case badSignature
    /// A checkpoint with no signature line from the log's key.
    case unsigned(origin: String)
    /// A size or timestamp no log can hold.
    case outOfRange(String)

    public var description: String {
        switch self {
        case .malformed(let why): return "malformed tree head: \(why)"
        case .unsupportedSignature(let hash, let signature):
            return
                "the tree head is signed with TLS hash \(hash) and signature \(signature), not SHA-256 with ECDSA or RSA"
        case .badSignature: return "the tree head's signature is not the log's"
        case .unsigned(let origin): return "the checkpoint has no signature by the log \(origin.terminalSafe)"
        case .outOfRange(let why): return why
        }
    }
}
