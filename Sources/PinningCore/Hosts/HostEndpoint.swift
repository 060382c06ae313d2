/// A host and an optional port, as `connect` and the live commands take them: `host`, `host:port`, `[IPv6]`,
/// `[IPv6]:port` or a bare IPv6 address. The host part follows ``HostName``'s rule.
public struct HostEndpoint: Hashable, Sendable, CustomStringConvertible {
    public let host: HostName
    /// Nil when the text gave no port: the caller's default applies.
    public let port: Int?

    public init(host: HostName, port: Int?) {
        self.host = host
        self.port = port
    }

    /// Parses `text`; the error names the host rule broken or the bad port.
    public init(_ text: String) throws(HostNameError) {
        var hostText = Substring(text)
        var portText: Substring?
        if text.firstRange(of: "://") != nil {
            hostText = text[...]  // a URL: the host rule names it as such
        } else if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            hostText = text[...close]
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":") { portText = rest.dropFirst() } else if !rest.isEmpty { hostText = text[...] }
        } else if text.count(where: { $0 == ":" }) == 1, let colon = text.firstIndex(of: ":") {
            hostText = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        let host = try HostName(String(hostText))
        var port: Int?
        if let portText {
            guard portText.allSatisfy({ $0.isASCII && $0.isWholeNumber }), let value = Int(portText),
                (1...65_535).contains(value)
            else {
                throw HostNameError(text, .invalidPort(String(portText)))
            }
            port = value
        }
        self.init(host: host, port: port)
    }

    /// `host:port` (brackets around IPv6), or the host alone without a port.
    public var description: String {
        let shown = host.kind == .ipv6 ? "[\(host.text)]" : host.text
        return port.map { "\(shown):\($0)" } ?? (host.kind == .ipv6 ? host.text : shown)
    }
}
