/// Why certificates could not be read from a file or a blob. Each case names the source and, for PEM, the block.
public struct CertificateDecodingError: BadInputError, Hashable, CustomStringConvertible, Sendable {
    public enum Code: Hashable, Sendable {
        case empty
        case malformedPEM
        case malformedDER
        case unreadable
    }

    public let code: Code
    /// The file name or label the input came from.
    public let source: String
    /// 1-based PEM block number, when the failure is in one block.
    public let block: Int?
    public let reason: String

    public var description: String {
        var text = source
        if let block { text += ", certificate block \(block)" }
        return "\(text): \(reason)"
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code && lhs.block == rhs.block }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(block)
    }
}
