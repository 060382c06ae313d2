import PinningCore

/// Why the lab's files were not written: a file in the way, or one that could not be written. Bad input, in words.
public struct LabFilesError: BadInputError, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
