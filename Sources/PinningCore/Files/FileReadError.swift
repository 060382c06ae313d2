/// Why a file could not be read, in words a user can act on. Foundation's own texts ("The operation could not be
/// completed", "NSCocoaErrorDomain error 256") never reach a user: every reader of user files goes through
/// ``BoundedFileReader`` and reports one of these.
public struct FileReadError: Error, Hashable, CustomStringConvertible, Sendable {
    public enum Code: Hashable, Sendable {
        case notFound
        case isFolder
        case notRegularFile
        case permissionDenied
        case tooLarge
        case symlinkLoop
        case ioFailure
    }

    public let code: Code
    public let path: String
    /// What went wrong and what to do, without the path.
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
