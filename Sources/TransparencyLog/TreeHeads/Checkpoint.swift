import Crypto
import Foundation
import PinningCore

/// A static-ct-api log's tree head: a checkpoint (origin, size, root) in a signed note, whose RFC 6962 note
/// signature carries the same timestamp and `digitally-signed` tree head signature as `get-sth`. The note format
/// is C2SP's signed-note; the signature type for CT logs is 0x05.
public struct Checkpoint: Hashable, Sendable {
    /// The log's submission prefix without its scheme, as the log names itself (not covered by the signature).
    public let origin: String
    public let size: UInt64
    public let root: TreeHash
    /// Each signature line: the signer's name, the 4-byte key ID and the signature bytes.
    public let signatures: [NoteSignature]

    public struct NoteSignature: Hashable, Sendable {
        public let name: String
        public let keyID: UInt32
        public let bytes: [UInt8]
    }

    /// At most this many bytes and signature lines are read: a checkpoint is a few hundred bytes.
    public static let maximumBytes = 64 * 1024
    public static let maximumSignatures = 100

    /// Parses a checkpoint note; its signatures are checked by ``verified(logID:key:)``.
    public init(text data: Data) throws(TreeHeadError) {
        guard data.count <= Self.maximumBytes else {
            throw .malformed("the checkpoint is \(data.count) bytes; at most \(Self.maximumBytes) are read")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .malformed("the checkpoint is not UTF-8") }
        guard let split = text.range(of: "\n\n") else {
            throw .malformed("no blank line between the checkpoint and its signatures")
        }
        let body = text[..<split.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        guard body.count == 3 else {
            throw .malformed("a CT checkpoint has three lines (origin, size, root) and no extension lines")
        }
        guard !body[0].isEmpty, body[0].allSatisfy({ !$0.isNewline && $0 != "\r" }) else {
            throw .malformed("the origin line is empty")
        }
        guard let size = UInt64(body[1]), String(size) == body[1] else {
            throw .malformed("the size line is not a decimal number")
        }
        guard size <= TreeHead.maximumSize else {
            throw .outOfRange("a checkpoint of \(size) entries, more than any log holds (at most 2^48)")
        }
        guard let root = TreeHash(base64: String(body[2])) else {
            throw .malformed("the root line is not 32 bytes of base64")
        }
        origin = String(body[0])
        self.size = size
        self.root = root
        signatures = try Self.signatureLines(text[split.upperBound...])
    }

    /// The tree head, once a signature line under the log's name and key ID verifies with `key` (the log's
    /// SubjectPublicKeyInfo, whose SHA-256 is `logID`). Lines from other signers (witnesses) are ignored.
    public func verified(logID: [UInt8], key: [UInt8]) throws(TreeHeadError) -> TreeHead {
        let keyID = Self.keyID(name: origin, logID: logID)
        guard let line = signatures.first(where: { $0.name == origin && $0.keyID == keyID }) else {
            throw .unsigned(origin: origin)
        }
        guard line.bytes.count > 8 else { throw .malformed("the log's note signature is too short") }
        let timestamp = line.bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let signature: DigitallySigned
        do {
            signature = try DigitallySigned(tlsEncoded: line.bytes.dropFirst(8))
        } catch {
            throw .malformed("the log's note signature: \(error)")
        }
        try TreeHead.checkRange(size: size, timestampMilliseconds: timestamp)
        let head = TreeHead(size: size, root: root, timestampMilliseconds: timestamp)
        try head.verify(signature, key: key)
        return head
    }

    /// The origin line a static-ct-api log signs under: its submission prefix without the scheme or a trailing
    /// slash (`https://ct.example/2026h1/` is `ct.example/2026h1`).
    public static func origin(submissionURL: String) -> String {
        var text = submissionURL
        if let scheme = text.range(of: "://") { text = String(text[scheme.upperBound...]) }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The first four bytes, big-endian, of SHA-256(name || 0x0A || 0x05 || logID).
    public static func keyID(name: String, logID: [UInt8]) -> UInt32 {
        var hasher = SHA256()
        hasher.update(data: Array(name.utf8) + [0x0A, 0x05] + logID)
        return hasher.finalize().prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    private static func signatureLines(_ text: Substring) throws(TreeHeadError) -> [NoteSignature] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { throw .malformed("the last signature line does not end with a newline") }
        lines.removeLast()
        guard !lines.isEmpty else { throw .malformed("the checkpoint has no signature lines") }
        guard lines.count <= maximumSignatures else {
            throw .malformed("more than \(maximumSignatures) signature lines")
        }
        var signatures: [NoteSignature] = []
        for line in lines {
            // "— name base64": an em dash (U+2014), a space, the key name, a space, base64(key ID || signature).
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0] == "\u{2014}", !fields[1].isEmpty,
                let decoded = Data(base64Encoded: String(fields[2])), decoded.count > 4
            else { throw .malformed("a signature line is not \"— name signature\"") }
            let keyID = decoded.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            signatures.append(NoteSignature(name: String(fields[1]), keyID: keyID, bytes: Array(decoded.dropFirst(4))))
        }
        return signatures
    }
}
