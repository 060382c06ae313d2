import PinningCore

/// Why a manifest could not be read as it was (at a git revision, in a release, on a side of a diff), in words that
/// name the revision, file or release. Always bad input to the caller: a side that cannot be read is never guessed.
public struct HistoryError: BadInputError, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
