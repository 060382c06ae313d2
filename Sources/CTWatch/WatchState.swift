import Foundation
import PinningCore
import TransparencyLog

/// Where the watch stands in each log (`ct-watch.json` beside the manifest): the last tree head verified and the
/// frontier of the entries read, so a restart neither misses nor repeats an entry. Read by the manifest's strict
/// reader and written by its locked atomic writer, like the manifest and the releases file.
///
/// It also keeps what the workbench shows of a watch run anywhere (its own, or `pinbench watch` in another
/// terminal): the most recent findings, and how each log fared in its last round. Files written before these were
/// kept read as having none.
public struct WatchState: StoredDocument, Hashable {
    public static let currentSchema = 1
    public static let fileName = "ct-watch.json"
    /// More logs than any list holds.
    static let maximumLogs = 1024
    /// The findings kept, newest first: enough for months of a pinned host's renewals, small enough to rewrite
    /// the file every round.
    public static let maximumFindings = 100

    /// Positions by log ID (base64 of the SHA-256 of the log's key).
    public var positions: [String: LogPosition]
    /// The most recent findings of every log, newest first, at most ``maximumFindings``.
    public private(set) var findings: [CTFinding]
    /// How each log fared in its last round, by log ID.
    public var status: [String: LogStatus]

    public init(
        positions: [String: LogPosition] = [:], findings: [CTFinding] = [], status: [String: LogStatus] = [:]
    ) {
        self.positions = positions
        self.findings = []
        self.status = status
        record(findings)
    }

    /// Keeps `new` findings ahead of the older ones, newest first (by when they were found, then by log and
    /// entry), one per log entry, each within the bounds its reader checks (``CTFinding/bounded``), dropping the
    /// oldest beyond ``maximumFindings``.
    public mutating func record(_ new: [CTFinding]) {
        var seen: Set<String> = []
        findings = (new.map(\.bounded) + findings)
            .sorted { ($0.found, $0.index, $0.log) > ($1.found, $1.index, $1.log) }
            .filter { seen.insert("\($0.index) \($0.log)").inserted }
        if findings.count > Self.maximumFindings { findings.removeLast(findings.count - Self.maximumFindings) }
    }

    public static var empty: WatchState { WatchState() }
    public static var missingReason: String { "no watch state yet (`pinbench watch` starts one)" }

    public static func url(besideManifest manifest: URL) -> URL {
        manifest.deletingLastPathComponent().appendingPathComponent(fileName)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema, logs, findings, status
    }

    enum StatusKeys: String, CodingKey, CaseIterable {
        case log, name, checked, advanced, trouble, detail
    }

    /// The words for a log's trouble in the file.
    enum Trouble: String, CaseIterable {
        case misbehaving, unreachable
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
            if let logs = try fields.arrayIfPresent(.logs) {
                guard logs.remaining <= maximumLogs else {
                    throw fields.invalid(.logs, "more than \(maximumLogs) logs")
                }
                for element in logs {
                    let log = try StrictFields(tape, element, LogKeys.self)
                    let id = try logID(log, .log)
                    guard state.positions[id] == nil else { throw log.invalid(.log, "a second position for one log") }
                    state.positions[id] = try position(log)
                }
            }
            if let findings = try fields.arrayIfPresent(.findings) {
                guard findings.remaining <= maximumFindings else {
                    throw fields.invalid(.findings, "more than \(maximumFindings) findings")
                }
                var read: [CTFinding] = []
                for element in findings { read.append(try CTFinding.read(tape, element)) }
                state.record(read)
            }
            if let statuses = try fields.arrayIfPresent(.status) {
                guard statuses.remaining <= maximumLogs else {
                    throw fields.invalid(.status, "more than \(maximumLogs) logs")
                }
                for element in statuses {
                    let fields = try StrictFields(tape, element, StatusKeys.self)
                    let id = try logID(fields, .log)
                    guard state.status[id] == nil else { throw fields.invalid(.log, "a second status for one log") }
                    state.status[id] = try status(fields)
                }
            }
            return state
        }
    }

    private static func logID<Keys: RawRepresentable & CaseIterable & Equatable>(
        _ fields: StrictFields<Keys>, _ key: Keys
    ) throws(SchemaFailure) -> String where Keys.RawValue == String {
        let id = try fields.string(key)
        guard Data(base64Encoded: id)?.count == 32 else { throw fields.invalid(key, "not a base64 log ID") }
        return id
    }

    private static func status(_ fields: StrictFields<StatusKeys>) throws(SchemaFailure) -> LogStatus {
        func date(_ key: StatusKeys) throws(SchemaFailure) -> Date? {
            guard let text = try fields.stringIfPresent(key) else { return nil }
            guard let date = StoredDate.date(text) else {
                throw fields.invalid(key, "not a time such as 2026-11-26T21:00:00Z")
            }
            return date
        }
        guard let checked = try date(.checked) else { throw fields.invalid(.checked, "missing") }
        var trouble: LogFailure?
        if fields.valueNode(.trouble) != nil {
            let detail = try fields.string(.detail)
            switch try fields.choice(.trouble) as Trouble {
            case .misbehaving: trouble = .misbehaving(detail)
            case .unreachable: trouble = .unreachable(detail)
            }
        }
        return LogStatus(
            name: try fields.string(.name), checked: checked, advanced: try date(.advanced), trouble: trouble)
    }

    private static func position(_ log: StrictFields<LogKeys>) throws(SchemaFailure) -> LogPosition {
        let size = try log.int(.size)
        let read = try log.int(.read)
        guard let root = TreeHash(base64: try log.string(.root)) else {
            throw log.invalid(.root, "not 32 bytes of base64")
        }
        guard size >= 0, UInt64(size) <= TreeHead.maximumSize else {
            throw log.invalid(.size, "a tree of \(size) entries, more than any log holds")
        }
        guard (0...size).contains(read) else {
            throw log.invalid(.read, "\(read) entries read of a tree of \(size)")
        }
        let timestamp = try log.int(.timestamp)
        guard timestamp >= 0, UInt64(timestamp) <= TreeHead.maximumTimestamp else {
            throw log.invalid(.timestamp, "a tree head timestamp of \(timestamp) ms, outside what a log can sign")
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
        let head = TreeHead(size: UInt64(size), root: root, timestampMilliseconds: UInt64(timestamp))
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
        struct Status: Encodable {
            let log: String
            let name: String
            let checked: String
            let advanced: String?
            let trouble: String?
            let detail: String?
        }
        struct File: Encodable {
            let schema: Int
            let logs: [Log]
            let findings: [CTFinding.Stored]?
            let status: [Status]?
        }
        let logs = positions.keys.sorted().map { id in
            let position = positions[id]!
            return Log(
                log: id, size: position.treeHead.size, root: position.treeHead.root.base64,
                timestamp: position.treeHead.timestampMilliseconds, read: position.frontier.size,
                frontier: position.frontier.subtrees.map(\.base64))
        }
        let statuses = status.keys.sorted().map { id in
            let status = status[id]!
            var trouble: (Trouble, String)?
            switch status.trouble {
            case .misbehaving(let detail): trouble = (.misbehaving, detail)
            case .unreachable(let detail): trouble = (.unreachable, detail)
            case nil: trouble = nil
            }
            return Status(
                log: id, name: CTFinding.cut(status.name, CTFinding.maximumTextBytes),
                checked: StoredDate.text(status.checked), advanced: status.advanced.map(StoredDate.text),
                trouble: trouble?.0.rawValue, detail: trouble.map { CTFinding.cut($0.1, CTFinding.maximumTextBytes) })
        }
        // Strings and numbers cannot fail to encode. Empty lists are left out, as files before them were.
        func file(_ findings: ArraySlice<CTFinding.Stored>) -> Data {
            try! CanonicalJSON.encode(
                File(
                    schema: Self.currentSchema, logs: logs, findings: findings.isEmpty ? nil : Array(findings),
                    status: statuses.isEmpty ? nil : statuses))
        }
        // The newest findings that fit what the reader reads, each counted as it is written (its own text, indented
        // two levels deeper, and a separator), before the file is made.
        let stored = findings.map(\.stored)
        var budget = ManifestCodec.maximumSize - file([]).count - 32
        var kept = 0
        for finding in stored {
            let text = try! CanonicalJSON.encode(finding)
            let cost = text.count + 4 * text.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + 2
            guard cost <= budget else { break }
            budget -= cost
            kept += 1
        }
        var data = file(stored.prefix(kept))
        while data.count > ManifestCodec.maximumSize, kept > 0 {
            kept -= 1
            data = file(stored.prefix(kept))
        }
        return data
    }
}
