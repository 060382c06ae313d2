import Foundation
import PinningCore
import TransparencyLog

/// Where the watch stands in each log (`ct-watch.json` beside the manifest): the last tree head verified and the
/// frontier of the entries read, so a restart neither misses nor repeats an entry. Read by the manifest's strict
/// reader and written by its locked atomic writer, like the manifest and the releases file.
public struct WatchState: StoredDocument {
    public static let currentSchema = 1
    public static let fileName = "ct-watch.json"
    /// More logs than any list holds.
    static let maximumLogs = 1024

    /// Positions by log ID (base64 of the SHA-256 of the log's key).
    public var positions: [String: LogPosition]

    public init(positions: [String: LogPosition] = [:]) {
        self.positions = positions
    }

    public static var empty: WatchState { WatchState() }
    public static var missingReason: String { "no watch state yet (`pinbench watch` starts one)" }

    public static func url(besideManifest manifest: URL) -> URL {
        manifest.deletingLastPathComponent().appendingPathComponent(fileName)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema, logs
    }

    enum LogKeys: String, CodingKey, CaseIterable {
        case log, size, root, timestamp, read, frontier
    }

    public static func decode(_ data: Data, path: String) throws(ManifestError) -> WatchState {
        try ManifestCodec.decodeDocument(data, path: path) { tape throws(SchemaFailure) in
            let fields = try StrictFields(tape, 0, CodingKeys.self)
            guard try fields.int(.schema) == currentSchema else {
                throw fields.invalid(.schema, "schema is not \(currentSchema), the one this pinbench reads")
            }
            var state = WatchState()
            guard let logs = try fields.arrayIfPresent(.logs) else { return state }
            guard logs.remaining <= maximumLogs else { throw fields.invalid(.logs, "more than \(maximumLogs) logs") }
            for element in logs {
                let log = try StrictFields(tape, element, LogKeys.self)
                let id = try log.string(.log)
                guard Data(base64Encoded: id)?.count == 32 else { throw log.invalid(.log, "not a base64 log ID") }
                guard state.positions[id] == nil else { throw log.invalid(.log, "a second position for one log") }
                state.positions[id] = try position(log)
            }
            return state
        }
    }

    private static func position(_ log: StrictFields<LogKeys>) throws(SchemaFailure) -> LogPosition {
        let size = try log.int(.size)
        let read = try log.int(.read)
        guard let root = TreeHash(base64: try log.string(.root)) else {
            throw log.invalid(.root, "not 32 bytes of base64")
        }
        guard size >= 0, (0...size).contains(read) else {
            throw log.invalid(.read, "\(read) entries read of a tree of \(size)")
        }
        var subtrees: [TreeHash] = []
        for text in try log.stringsIfPresent(.frontier) {
            guard let hash = TreeHash(base64: text) else { throw log.invalid(.frontier, "a hash is not 32 bytes") }
            subtrees.append(hash)
        }
        let frontier: MerkleFrontier
        do {
            frontier = try MerkleFrontier(size: UInt64(read), subtrees: subtrees)
        } catch {
            throw log.invalid(.frontier, "\(error)")
        }
        let head = TreeHead(
            size: UInt64(size), root: root, timestampMilliseconds: UInt64(max(0, try log.int(.timestamp))))
        return LogPosition(treeHead: head, frontier: frontier)
    }

    public func encoded() -> Data {
        struct Log: Encodable {
            let log: String
            let size: UInt64
            let root: String
            let timestamp: UInt64
            let read: UInt64
            let frontier: [String]
        }
        struct File: Encodable {
            let schema: Int
            let logs: [Log]
        }
        let logs = positions.keys.sorted().map { id in
            let position = positions[id]!
            return Log(
                log: id, size: position.treeHead.size, root: position.treeHead.root.base64,
                timestamp: position.treeHead.timestampMilliseconds, read: position.frontier.size,
                frontier: position.frontier.subtrees.map(\.base64))
        }
        // Strings and numbers cannot fail to encode.
        return try! CanonicalJSON.encode(File(schema: Self.currentSchema, logs: logs))
    }
}
