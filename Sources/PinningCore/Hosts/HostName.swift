/// A host as every entry point accepts it: a DNS name of RFC 1123 letter-digit-hyphen labels (IDNA A-labels
/// included), or an IPv4 or IPv6 address, in one normalized spelling.
///
/// Hosts reach exports, shell lines and TLS handshakes, so the manifest reader, `pin add`, the workbench's prompts
/// and the live commands all pass through this one rule: a value of this type can hold no port, scheme, path,
/// wildcard, space or shell character.
public struct HostName: Hashable, Sendable, CustomStringConvertible {
    /// What kind of host the text names.
    public enum Kind: String, Hashable, Sendable {
        case domainName
        case ipv4
        case ipv6
    }

    /// The normalized text: lower case without a trailing dot for names, the canonical form of an address (IPv6
    /// without brackets).
    public let text: String
    public let kind: Kind

    /// The longest name DNS can carry, in octets, without the trailing dot (RFC 1035 §2.3.4, RFC 1123 §2.1).
    public static let maximumLength = 253
    /// The longest label, in octets.
    public static let maximumLabelLength = 63

    /// Checks `input` against the host rule and normalizes it; the error names the rule broken and what to write.
    public init(_ input: String) throws(HostNameError) {
        (text, kind) = try HostNameParser.parse(input)
    }

    public var isIPAddress: Bool { kind != .domainName }

    public var description: String { text }
}
