import PinningCore

/// A setting typed by a user (CLI option or workbench form) that cannot be used, with what to type instead.
public struct DomainSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which setting was wrong.
    public enum Field: String, Hashable, Sendable, CaseIterable {
        case mode, includeSubdomains, expires, port, connect
        case issuanceCA = "issuance.ca"
        case issuanceProfile = "issuance.profile"
        case lifetimeDays = "issuance.lifetimeDays"
        case keyReuse = "issuance.keyReuse"

        /// The `pinbench domain set` option that sets this field (`include-subdomains`, `issuance-ca`).
        public var optionName: String {
            switch self {
            case .mode, .expires, .port, .connect: return rawValue
            case .includeSubdomains: return "include-subdomains"
            case .issuanceCA: return "issuance-ca"
            case .issuanceProfile: return "issuance-profile"
            case .lifetimeDays: return "lifetime-days"
            case .keyReuse: return "key-reuse"
            }
        }
    }

    public let field: Field
    /// The text as typed.
    public let text: String
    /// What would have been accepted.
    public let expected: String
    /// A more precise reason, when there is one (e.g. the host rule that was broken).
    public let reason: String?

    public init(_ field: Field, _ text: String, expected: String, reason: String? = nil) {
        self.field = field
        self.text = text
        self.expected = expected
        self.reason = reason
    }

    public var description: String {
        "\(field.rawValue) \"\(text)\" is not usable: " + explanation
    }

    /// Why, and what to write instead, without naming the field (a CLI names its option instead).
    public var explanation: String {
        (reason.map { $0 + "; " } ?? "") + "write \(expected)"
    }
}
