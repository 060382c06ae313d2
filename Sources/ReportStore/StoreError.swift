import PinningCore

/// Why the store could not keep or read reports. ``Code/full`` and ``Code/busy`` are the collector's 503s: nothing
/// was acknowledged, the sender may retry.
public struct StoreError: BadInputError, Hashable, Sendable {
    public enum Code: String, Hashable, Sendable {
        /// The disk (or the database's page limit) is full.
        case full
        /// More reports wait for a commit than ``StoreSettings/maxPending``.
        case busy
        /// The file or database is not a PinBench report database, or one from a newer PinBench.
        case notADatabase = "not-a-database"
        /// The database cannot be reached now, or did not answer within its deadline (PostgreSQL).
        case unavailable
        /// `--db` names no database PinBench can use (a malformed URL).
        case badLocation = "bad-location"
        /// Any other failure of the database.
        case failed
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
