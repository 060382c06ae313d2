import Crypto
import Foundation

/// The Certificate Transparency logs a client trusts, read from a log list in the format of the public list
/// (https://www.gstatic.com/ct/log_list/v3/log_list.json): `operators[].logs[]` (and `tiled_logs[]`) with
/// base64 `log_id` and `key` (the log's SubjectPublicKeyInfo DER). Read with Foundation's JSONDecoder; bounded.
public struct CTLogList: Sendable {
    public struct Log: Hashable, Sendable {
        public let description: String
        public let operatorName: String
        /// SHA-256 of `key`: what an SCT names its log by.
        public let logID: [UInt8]
        public let key: [UInt8]
        public let url: String?
        /// The log's state in the list ("usable", "readonly", "retired", ...), when given.
        public let state: String?
        /// For a static-ct-api log (the list's `tiled_logs`): where its checkpoint and tiles are read. `url` is
        /// then its submission prefix; nil for an RFC 6962 log, read at `url`.
        public let monitoringURL: String?

        public init(
            description: String, operatorName: String, logID: [UInt8], key: [UInt8], url: String?, state: String?,
            monitoringURL: String? = nil
        ) {
            self.description = description
            self.operatorName = operatorName
            self.logID = logID
            self.key = key
            self.url = url
            self.state = state
            self.monitoringURL = monitoringURL
        }
    }

    public let logs: [Log]
    public static let maximumBytes = 8 * 1024 * 1024
    public static let maximumLogs = 1024

    public init(logs: [Log]) { self.logs = logs }

    public func log(id: [UInt8]) -> Log? { logs.first { $0.logID == id } }

    /// Parses the JSON of a log list; every log's `log_id` must be the SHA-256 of its `key`.
    public init(json data: Data) throws(CTLogListError) {
        guard data.count <= Self.maximumBytes else {
            throw CTLogListError("the log list is \(data.count) bytes; at most \(Self.maximumBytes) are read")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw CTLogListError("not a CT log list (operators[].logs[] with log_id and key): \(Self.describe(error))")
        }
        var logs: [Log] = []
        for entry in file.operators {
            for log in (entry.logs ?? []) + (entry.tiled_logs ?? []) {
                guard logs.count < Self.maximumLogs else {
                    throw CTLogListError("more than \(Self.maximumLogs) logs")
                }
                guard let id = Data(base64Encoded: log.log_id), let key = Data(base64Encoded: log.key) else {
                    throw CTLogListError("log \(log.description.terminalSafe): log_id or key is not base64")
                }
                guard Array(SHA256.hash(data: key)) == Array(id) else {
                    throw CTLogListError("log \(log.description.terminalSafe): log_id is not the SHA-256 of its key")
                }
                logs.append(
                    Log(
                        description: log.description, operatorName: entry.name, logID: Array(id), key: Array(key),
                        url: log.url ?? log.submission_url, state: log.state?.keys.sorted().first,
                        monitoringURL: log.monitoring_url))
            }
        }
        self.logs = logs
    }

    /// Reads a log list file.
    public static func read(path: String) throws(CTLogListError) -> CTLogList {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CTLogListError("cannot read the CT log list \(path.terminalSafe)")
        }
        return try CTLogList(json: data)
    }

    /// The JSON a log list file holds for these logs (the lab writes its own).
    public func json() throws -> Data {
        var byOperator: [String: [File.Log]] = [:]
        var tiledByOperator: [String: [File.Log]] = [:]
        for log in logs {
            let tiled = log.monitoringURL != nil
            let entry = File.Log(
                description: log.description, log_id: Data(log.logID).base64EncodedString(),
                key: Data(log.key).base64EncodedString(), url: tiled ? nil : log.url,
                submission_url: tiled ? log.url : nil, monitoring_url: log.monitoringURL,
                state: log.state.map { [$0: File.State(timestamp: "2026-01-01T00:00:00Z")] })
            if tiled {
                tiledByOperator[log.operatorName, default: []].append(entry)
            } else {
                byOperator[log.operatorName, default: []].append(entry)
            }
        }
        let names = Set(byOperator.keys).union(tiledByOperator.keys).sorted()
        let file = File(
            version: "pinbench",
            operators: names.map { File.Operator(name: $0, logs: byOperator[$0], tiled_logs: tiledByOperator[$0]) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(file)
    }

    private static func describe(_ error: Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "missing \(key.stringValue)"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            return context.codingPath.map(\.stringValue).joined(separator: ".") + ": " + context.debugDescription
        default: return "\(error)".terminalSafe
        }
    }

    /// The file's shape (unknown fields are ignored: the public list has many).
    struct File: Codable {
        struct State: Codable { let timestamp: String? }
        struct Log: Codable {
            let description: String
            let log_id: String
            let key: String
            let url: String?
            let submission_url: String?
            let monitoring_url: String?
            let state: [String: State]?
        }
        struct Operator: Codable {
            let name: String
            let logs: [Log]?
            let tiled_logs: [Log]?
        }
        let version: String?
        let operators: [Operator]
    }
}

/// Why a log list cannot be used, in words.
public struct CTLogListError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description.terminalSafe }
}
