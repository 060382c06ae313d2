import PinningCore

/// Why a watch cannot start as asked (a log list that cannot be read or names no usable log, a log URL it does not
/// list, a state file that would overwrite an input), in words that name the file or URL.
public struct WatchSetupError: BadInputError, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
