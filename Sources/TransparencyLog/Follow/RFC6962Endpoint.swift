import Foundation
import PinningCore

/// A log's RFC 6962 read API (§4): `get-sth`, `get-sth-consistency`, `get-entries`, `get-proof-by-hash`.
public struct RFC6962Endpoint: LogEndpoint {
    public let transport: any LogTransport
    /// The log's SubjectPublicKeyInfo (DER), from the log list.
    public let key: [UInt8]
    public let maximumBatch: Int

    /// Bounds on what one answer may be: a tree head or a proof is small; entries are up to 2^24 bytes each.
    static let smallAnswer = 64 * 1024
    static let entriesAnswer = 32 * 1024 * 1024

    public init(transport: any LogTransport, key: [UInt8], maximumBatch: Int = 256) {
        self.transport = transport
        self.key = key
        self.maximumBatch = max(1, maximumBatch)
    }

    public func latestTreeHead() async throws(LogFailure) -> TreeHead {
        let body = try await transport.get("ct/v1/get-sth", maximumBytes: Self.smallAnswer)
        do {
            return try SignedTreeHead(json: body).verified(key: key)
        } catch {
            throw .misbehaving(error.description)
        }
    }

    public func proveConsistency(oldSize: UInt64, oldRoot: TreeHash, new: TreeHead) async throws(LogFailure) {
        struct Body: Decodable { let consistency: [String] }
        let body: Body = try await decode(
            "ct/v1/get-sth-consistency?first=\(oldSize)&second=\(new.size)", as: Body.self, limit: Self.smallAnswer)
        let path = try Self.hashes(body.consistency, what: "consistency proof")
        do {
            try ConsistencyProof(oldSize: oldSize, newSize: new.size, path: path).verify(
                oldRoot: oldRoot, newRoot: new.root)
        } catch {
            throw .misbehaving("consistency from \(oldSize) to \(new.size) entries: \(error)")
        }
    }

    public func entries(from start: UInt64, to end: UInt64, of head: TreeHead) async throws(LogFailure) -> [LogEntry] {
        struct Body: Decodable {
            struct Entry: Decodable {
                let leaf_input: String
                let extra_data: String
            }
            let entries: [Entry]
        }
        guard start < end else { return [] }
        let last = start + min(end - start, UInt64(maximumBatch)) - 1
        let body: Body = try await decode(
            "ct/v1/get-entries?start=\(start)&end=\(last)", as: Body.self, limit: Self.entriesAnswer)
        // A log may serve fewer than asked (its own batch limit), never more.
        guard body.entries.count <= Int(last - start + 1) else {
            throw .misbehaving("get-entries served \(body.entries.count) entries for \(last - start + 1)")
        }
        var entries: [LogEntry] = []
        for (offset, entry) in body.entries.enumerated() {
            guard let leaf = Data(base64Encoded: entry.leaf_input), let extra = Data(base64Encoded: entry.extra_data)
            else { throw .misbehaving("entry \(start + UInt64(offset)) is not base64") }
            do {
                entries.append(
                    try LogEntry(index: start + UInt64(offset), leafInput: Array(leaf), extraData: Array(extra)))
            } catch {
                throw .misbehaving(error.description)
            }
        }
        return entries
    }

    /// Served inline, in `extra_data`.
    public func issuers(of entry: LogEntry) async throws(LogFailure) -> [[UInt8]] { entry.servedIssuers }

    /// How far back from the newest entry a first run looks for one the log places where it is.
    static let frontierSearch: UInt64 = 16

    /// The newest entry's audit path holds the tree's right edge. A log may hold one entry twice (a certificate
    /// submitted twice within a millisecond) and `get-proof-by-hash` places a hash at its first index: then the
    /// edge of a smaller tree, ending at an entry the log does place where it is and proven consistent with the
    /// signed head, is where reading starts, a few entries early.
    public func frontier(of head: TreeHead) async throws(LogFailure) -> MerkleFrontier {
        var index = head.size - 1
        while true {
            if let frontier = try await frontier(endingAt: index, of: head) { return frontier }
            guard index > 0, head.size - index < Self.frontierSearch else {
                throw .unreachable(
                    "each of the newest \(head.size - index) entries repeats an earlier one: no start from now yet")
            }
            index -= 1
        }
    }

    /// The frontier of the tree of the first `index + 1` entries, checked against `head`; nil when the log places
    /// that entry's hash at an earlier index (a repeated entry, whose proof must then hold).
    private func frontier(endingAt index: UInt64, of head: TreeHead) async throws(LogFailure) -> MerkleFrontier? {
        struct Body: Decodable {
            let leaf_index: UInt64
            let audit_path: [String]
        }
        guard let entry = try await entries(from: index, to: index + 1, of: head).first else {
            throw .misbehaving("get-entries served nothing for entry \(index)")
        }
        let size = index + 1
        let hash = entry.leafHash.base64.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let body: Body = try await decode(
            "ct/v1/get-proof-by-hash?hash=\(hash)&tree_size=\(size)", as: Body.self, limit: Self.smallAnswer)
        guard body.leaf_index <= index else {
            throw .misbehaving("get-proof-by-hash placed entry \(index) at \(body.leaf_index), outside \(size) entries")
        }
        let path = try Self.hashes(body.audit_path, what: "audit path")
        let proof = InclusionProof(index: body.leaf_index, treeSize: size, path: path)
        let root: TreeHash
        do {
            root = try proof.root(fromLeaf: entry.leafHash)
        } catch {
            throw .misbehaving("entry \(index)'s audit path: \(error)")
        }
        if size == head.size {
            guard root == head.root else { throw .misbehaving("entry \(index)'s audit path does not lead to the root") }
        } else {
            try await proveConsistency(oldSize: size, oldRoot: root, new: head)
        }
        guard body.leaf_index == index else { return nil }
        do {
            return try MerkleFrontier(lastLeaf: entry.leafHash, proof: proof, root: root)
        } catch {
            throw .misbehaving("entry \(index)'s audit path: \(error)")
        }
    }

    private func decode<Body: Decodable>(
        _ path: String, as type: Body.Type, limit: Int
    ) async throws(LogFailure)
        -> Body
    {
        let data = try await transport.get(path, maximumBytes: limit)
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch {
            throw .misbehaving("\(path.prefix { $0 != "?" }) answered with JSON of another shape")
        }
    }

    private static func hashes(_ texts: [String], what: String) throws(LogFailure) -> [TreeHash] {
        guard texts.count <= 64 else { throw .misbehaving("a \(what) of \(texts.count) hashes") }
        var hashes: [TreeHash] = []
        for text in texts {
            guard let hash = TreeHash(base64: text) else { throw .misbehaving("a \(what) hash is not 32 bytes") }
            hashes.append(hash)
        }
        return hashes
    }
}
