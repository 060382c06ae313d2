import PinningCore

/// A forecast setting the user gave that cannot be used (a date, a scenario name), with what to give instead.
public struct ForecastInputError: BadInputError, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
