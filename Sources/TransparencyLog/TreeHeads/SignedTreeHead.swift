import Foundation
import PinningCore

/// An RFC 6962 `get-sth` response (§4.3): the tree head and the log's signature over it.
public struct SignedTreeHead: Hashable, Sendable {
    public let head: TreeHead
    public let signature: DigitallySigned

    /// Decodes the JSON body: `tree_size`, `timestamp`, `sha256_root_hash`, `tree_head_signature`.
    public init(json: Data) throws(TreeHeadError) {
        struct Body: Decodable {
            let tree_size: UInt64
            let timestamp: UInt64
            let sha256_root_hash: String
            let tree_head_signature: String
        }
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: json)
        } catch {
            throw .malformed("not a get-sth response (tree_size, timestamp, sha256_root_hash, tree_head_signature)")
        }
        try TreeHead.checkRange(size: body.tree_size, timestampMilliseconds: body.timestamp)
        guard let root = TreeHash(base64: body.sha256_root_hash) else {
            throw .malformed("sha256_root_hash is not 32 bytes of base64")
        }
        guard let signatureBytes = Data(base64Encoded: body.tree_head_signature) else {
            throw .malformed("tree_head_signature is not base64")
        }
        do {
            signature = try DigitallySigned(tlsEncoded: signatureBytes)
        } catch {
            throw .malformed("tree_head_signature: \(error)")
        }
        head = TreeHead(size: body.tree_size, root: root, timestampMilliseconds: body.timestamp)
    }

    /// The tree head, once its signature is the log's.
    public func verified(key: [UInt8]) throws(TreeHeadError) -> TreeHead {
        try head.verify(signature, key: key)
        return head
    }
}
