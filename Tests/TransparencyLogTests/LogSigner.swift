import Crypto
import Foundation
import PinningCore
import TransparencyLog

/// A log's signing key for tests: signs tree heads the way RFC 6962 logs do (ECDSA P-256 over SHA-256) and writes
/// them as `get-sth` JSON or as a checkpoint note.
struct LogSigner {
    let key = P256.Signing.PrivateKey()
    var spki: [UInt8] { Array(key.publicKey.derRepresentation) }
    var logID: [UInt8] { Array(SHA256.hash(data: spki)) }

    /// `digitally-signed` TLS encoding of an ECDSA signature over `bytes`.
    func signed(_ bytes: [UInt8]) throws -> [UInt8] {
        let signature = Array(try key.signature(for: bytes).derRepresentation)
        return [4, 3, UInt8(signature.count >> 8), UInt8(signature.count & 0xFF)] + signature
    }

    func sthJSON(_ head: TreeHead, signature: [UInt8]? = nil) throws -> Data {
        let body: [String: Any] = [
            "tree_size": head.size, "timestamp": head.timestampMilliseconds, "sha256_root_hash": head.root.base64,
            "tree_head_signature": Data(try signature ?? signed(head.signedBytes)).base64EncodedString(),
        ]
        return try JSONSerialization.data(withJSONObject: body)
    }

    /// A checkpoint for `head` under `origin`, signed by this log, with `extraLines` (other signers) after it.
    func checkpoint(_ head: TreeHead, origin: String, extraLines: [String] = []) throws -> String {
        let timestamp = (0..<8).reversed().map { UInt8(truncatingIfNeeded: head.timestampMilliseconds >> ($0 * 8)) }
        let keyID = Checkpoint.keyID(name: origin, logID: logID)
        let id = (0..<4).reversed().map { UInt8(truncatingIfNeeded: keyID >> ($0 * 8)) }
        let signature = Data(id + timestamp + (try signed(head.signedBytes))).base64EncodedString()
        let lines = ["\u{2014} \(origin) \(signature)"] + extraLines
        return "\(origin)\n\(head.size)\n\(head.root.base64)\n\n" + lines.map { $0 + "\n" }.joined()
    }
}
