import PinningCore

/// Why a body is not a report PinBench keeps: the collector answers 413 for ``Code/tooLarge`` and 400 for the rest,
/// with ``message`` as the body. Decide on ``code``, never on the words.
public struct FieldReportError: BadInputError, Hashable, Sendable {
    public enum Code: String, Hashable, Sendable {
        /// The body passes ``FieldReportLimits/bodyBytes``.
        case tooLarge = "too-large"
        /// Not JSON as the strict reader reads it, or nested too deep.
        case notJSON = "not-json"
        /// JSON, but not a report: a missing or mistyped field, a bound passed, an empty list.
        case notAReport = "not-a-report"
    }

    public let code: Code
    /// What is wrong, with the JSON path where one helps; every text from the body already escaped.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
