import Crypto
import Foundation

/// A static-ct-api log's read API: a signed checkpoint, Merkle hash tiles and data tiles. Proofs are not served;
/// they are computed from tiles here and then checked by the same verifiers as RFC 6962's, so a tile that lies
/// fails the proof it was used in.
public struct TiledEndpoint: LogEndpoint {
    public let transport: any LogTransport
    /// The log's SubjectPublicKeyInfo (DER) and its SHA-256 (the log ID the checkpoint's key ID is made from).
    public let key: [UInt8]
    public let logID: [UInt8]
    /// The origin line the checkpoint must carry, when known (the submission prefix without its scheme).
    public let origin: String?
    public var maximumBatch: Int { TileAddress.fullWidth }

    /// A data tile holds 256 entries of up to a few KiB; a hash tile is 8 KiB.
    static let dataTileBytes = 16 * 1024 * 1024
    static let hashTileBytes = TileAddress.fullWidth * 32

    public init(transport: any LogTransport, key: [UInt8], logID: [UInt8], origin: String? = nil) {
        self.transport = transport
        self.key = key
        self.logID = logID
        self.origin = origin
    }

    public func latestTreeHead() async throws(LogFailure) -> TreeHead {
        let body = try await transport.get("checkpoint", maximumBytes: Checkpoint.maximumBytes)
        do {
            let checkpoint = try Checkpoint(text: body)
            if let origin, checkpoint.origin != origin {
                throw TreeHeadError.malformed("the checkpoint names \(checkpoint.origin.terminalSafe), not \(origin)")
            }
            return try checkpoint.verified(logID: logID, key: key)
        } catch {
            throw .misbehaving("checkpoint: \(error)")
        }
    }

    public func proveConsistency(oldSize: UInt64, oldRoot: TreeHash, new: TreeHead) async throws(LogFailure) {
        let tiles = TileCache(transport: transport, treeSize: new.size)
        var path: [TreeHash] = []
        for range in ConsistencyRanges.subproof(oldSize, 0, new.size, complete: true) {
            path.append(try await tiles.hash(of: range))
        }
        do {
            try ConsistencyProof(oldSize: oldSize, newSize: new.size, path: path).verify(
                oldRoot: oldRoot, newRoot: new.root)
        } catch {
            throw .misbehaving("the tiles do not prove \(oldSize) entries a prefix of \(new.size): \(error)")
        }
    }

    public func entries(from start: UInt64, to end: UInt64, of head: TreeHead) async throws(LogFailure) -> [LogEntry] {
        guard start < end, end <= head.size else { return [] }
        let index = start / UInt64(TileAddress.fullWidth)
        let address = TileAddress.data(index: index, treeSize: head.size)
        let bytes = try await TileCache.fetch(address, from: transport, maximumBytes: Self.dataTileBytes)
        let first = index * UInt64(TileAddress.fullWidth)
        let entries: [LogEntry]
        do {
            entries = try DataTile.entries(Array(bytes), firstIndex: first, count: address.width)
        } catch {
            throw .misbehaving("\(address.path): \(error)")
        }
        return entries.filter { $0.index >= start && $0.index < end }
    }

    /// Each fingerprint's certificate from `issuer/<hex>`, whose SHA-256 must be the fingerprint.
    public func issuers(of entry: LogEntry) async throws(LogFailure) -> [[UInt8]] {
        var issuers: [[UInt8]] = []
        for fingerprint in entry.issuerFingerprints.prefix(16) {
            let hex = fingerprint.map { String(format: "%02x", $0) }.joined()
            let certificate = Array(try await transport.get("issuer/" + hex, maximumBytes: 64 * 1024))
            guard Array(SHA256.hash(data: certificate)) == fingerprint else {
                throw .misbehaving("issuer/\(hex) is not the certificate with that fingerprint")
            }
            issuers.append(certificate)
        }
        return issuers
    }

    public func frontier(of head: TreeHead) async throws(LogFailure) -> MerkleFrontier {
        var tiles: [TileAddress: [TreeHash]] = [:]
        let cache = TileCache(transport: transport, treeSize: head.size)
        for address in MerkleFrontier.tiles(forSize: head.size) {
            tiles[address] = try await cache.hashes(address)
        }
        do {
            return try MerkleFrontier(size: head.size, tiles: tiles, root: head.root)
        } catch {
            throw .misbehaving("the tiles of \(head.size) entries: \(error)")
        }
    }
}
