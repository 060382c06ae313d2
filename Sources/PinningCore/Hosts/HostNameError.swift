/// Why a text is not a host, and what to write instead.
///
/// Decide on ``rule`` (a typed value); ``description`` is the user's message.
public struct HostNameError: BadInputError, Hashable, Sendable, CustomStringConvertible {
    /// The host rule that was broken, with what the advice needs.
    public enum Rule: Hashable, Sendable {
        case empty
        /// `a.test:443`: a port belongs in the domain's `port` (or `connect`).
        case hasPort(host: String, port: String)
        /// `https://a.test/x`: only the URL's host belongs here.
        case url(host: String?)
        /// `a.test/x`: a path after the host.
        case hasPath(host: String)
        /// `*.a.test`: subdomains are covered by `includeSubdomains` on the parent.
        case wildcard(parent: String)
        /// A character no host holds (space, `$`, `_`, a control character...), at a 1-based character position.
        case forbiddenCharacter(String, position: Int)
        /// A label with non-ASCII letters (a U-label): IDNA names are written with A-labels (`xn--...`);
        /// `suggestion` is the whole name written so, when it could be worked out.
        case nonASCIILabel(String, suggestion: String?)
        /// Two dots in a row, or a dot at the start.
        case emptyLabel
        case labelTooLong(String, octets: Int)
        case hyphenAtLabelEdge(String)
        case tooLong(octets: Int)
        /// `1.2.3.256`, `10.1`: all digits and dots, but not an IPv4 address.
        case notAnIPv4Address
        /// The port of a `host:port` is not a number from 1 to 65535.
        case invalidPort(String)
    }

    public let input: String
    public let rule: Rule

    public init(_ input: String, _ rule: Rule) {
        self.input = input
        self.rule = rule
    }

    public var description: String {
        if case .invalidPort = rule { return "\(Self.quoted(input)): \(explanation)" }
        return "\(Self.quoted(input)) is not a host name: \(explanation)"
    }

    private var explanation: String {
        switch rule {
        case .empty:
            return "it is empty; write a name such as api.example.com."
        case .hasPort(let host, let port):
            return "it includes a port. Write the host alone (\(Self.quoted(host))) and give port \(port) "
                + "separately: the domain's `port` field, or `connect` to dial another address."
        case .url(let host?):
            return "it is a URL. Write its host alone: \(Self.quoted(host))."
        case .url(nil):
            return "it is a URL. Write its host alone, such as api.example.com."
        case .hasPath(let host):
            return "it has a path. Write the host alone: \(Self.quoted(host))."
        case .wildcard(let parent):
            return "it is a wildcard. Add \(Self.quoted(parent)) with includeSubdomains to cover its "
                + "subdomains."
        case .forbiddenCharacter(let character, let position):
            return "it contains \(Self.describe(character)) at character \(position); a host name holds only "
                + "letters a-z, digits, hyphens and dots (or is an IP address)."
        case .nonASCIILabel(let label, let suggestion?):
            return "the label \(Self.quoted(label)) is not ASCII. Write the name with IDNA A-labels instead: "
                + "\(suggestion)."
        case .nonASCIILabel(let label, nil):
            return "the label \(Self.quoted(label)) is not ASCII. Write its IDNA A-label (xn--...) instead."
        case .emptyLabel:
            return "it has an empty label (a dot at the start or two dots in a row); remove the extra dot."
        case .labelTooLong(let label, let octets):
            return "the label \(Self.quoted(label)) is \(octets) characters long; a label holds at most "
                + "\(HostName.maximumLabelLength)."
        case .hyphenAtLabelEdge(let label):
            return "the label \(Self.quoted(label)) starts or ends with a hyphen, which RFC 1123 forbids."
        case .tooLong(let octets):
            return "it is \(octets) characters long; a host name holds at most \(HostName.maximumLength)."
        case .notAnIPv4Address:
            return "it is not an IPv4 address (four numbers 0-255, no leading zeros), and a name cannot end in "
                + "an all-numeric or hex (0x...) label, which browsers and curl read as an address."
        case .invalidPort(let port):
            return "the port \(Self.quoted(port)) is not a number from 1 to 65535."
        }
    }

    static func quoted(_ text: String) -> String { TerminalSafeText.quoted(text) }

    private static func describe(_ character: String) -> String {
        switch character {
        case " ": return "a space"
        case "\t": return "a tab"
        default:
            guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else {
                return quoted(character)
            }
            if scalar.properties.isWhitespace || TerminalSafeText.isUnsafe(scalar) {
                return "the character U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            }
            return quoted(character)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
