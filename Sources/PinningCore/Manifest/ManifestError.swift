/// Why a manifest could not be read or written. The message names the file and, for JSON and schema errors, the
/// line, column and JSON path.
public struct ManifestError: BadInputError, Hashable, CustomStringConvertible, Sendable {
    public enum Code: String, Hashable, Sendable {
        case notFound
        case unreadable
        /// Not strict JSON: ``syntax`` says which rule and where.
        case invalidJSON
        /// Nesting deeper than the reader's bound.
        case tooDeep
        /// A file larger than the reader's bound.
        case tooLarge
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
    /// Where in the file, when known (JSON and schema errors).
    public let position: TextPosition?
    /// The reader's error, for ``Code/invalidJSON``, ``Code/tooDeep`` and ``Code/tooLarge`` found while parsing.
    public let syntax: JSONSyntaxError?

    public init(_ code: Code, path: String, reason: String, position: TextPosition? = nil) {
        self.code = code
        self.path = path
        self.reason = reason
        self.position = position
        self.syntax = nil
    }

    /// A strict-JSON error of the file at `path`.
    public init(syntax: JSONSyntaxError, path: String) {
        switch syntax.code {
        case .tooDeep: code = .tooDeep
        case .tooLarge, .tooManyValues: code = .tooLarge
        default: code = .invalidJSON
        }
        self.path = path
        reason = "not valid JSON at \(syntax.path): \(syntax.message)"
        position = syntax.position
        self.syntax = syntax
    }

    /// `pins.json:3:17: reason`, or `pins.json: reason` when no position is known.
    public var description: String {
        guard let position else { return "\(path): \(reason)" }
        return "\(path):\(position.line):\(position.column): \(reason)"
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
