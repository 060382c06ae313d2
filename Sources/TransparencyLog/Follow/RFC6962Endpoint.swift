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
        let last = min(end, start + UInt64(maximumBatch)) - 1
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

    public func frontier(of head: TreeHead) async throws(LogFailure) -> MerkleFrontier {
        let last = head.size - 1
        guard let entry = try await entries(from: last, to: head.size, of: head).first else {
            throw .misbehaving("get-entries served nothing for entry \(last)")
        }
        struct Body: Decodable {
            let leaf_index: UInt64
            let audit_path: [String]
        }
        let hash = entry.leafHash.base64.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let body: Body = try await decode(
            "ct/v1/get-proof-by-hash?hash=\(hash)&tree_size=\(head.size)", as: Body.self, limit: Self.smallAnswer)
        guard body.leaf_index == last else {
            throw .misbehaving("get-proof-by-hash placed entry \(last) at \(body.leaf_index)")
        }
        let path = try Self.hashes(body.audit_path, what: "audit path")
        do {
            return try MerkleFrontier(
                lastLeaf: entry.leafHash, proof: InclusionProof(index: last, treeSize: head.size, path: path),
                root: head.root)
        } catch {
            throw .misbehaving("the last entry's audit path: \(error)")
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
