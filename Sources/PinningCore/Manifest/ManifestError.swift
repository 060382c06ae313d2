/// Why a manifest could not be read or written. The message names the file and, for schema errors, the JSON path.
public struct ManifestError: Error, Hashable, CustomStringConvertible, Sendable {
    public enum Code: String, Hashable, Sendable {
        case notFound
        case unreadable
        case invalidJSON
        case invalidSchema
        case changedOnDisk
        case writeFailed
        /// Another writer held the manifest's lock for longer than the wait allowed.
        case locked
        case lintRefused
    }

    public let code: Code
    public let path: String
    public let reason: String

    public init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
