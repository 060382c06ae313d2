/// Why the lab could not start.
public struct DemoLabError: Error, CustomStringConvertible, Sendable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { "demo lab: \(message)" }
}
