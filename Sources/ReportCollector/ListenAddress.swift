import PinningCore

/// `--listen HOST:PORT`: where the collector listens. Plain HTTP is served on a loopback address only (a load
/// balancer or a proxy on the same machine terminates TLS); any other address needs HTTPS (`--tls-cert` and
/// `--tls-key`), and without them it is refused rather than served in the clear.
public struct ListenAddress: Hashable, Sendable {
    public let host: String
    public let port: Int

    /// Reads `HOST:PORT` (`[::1]:PORT` for IPv6); `localhost` is 127.0.0.1. Port 0 picks a free port. Without
    /// `tls`, only a loopback address.
    public init(_ text: String, tls: Bool = false) throws(CollectorInputError) {
        let shown = TerminalSafeText.quoted(text)
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw CollectorInputError("--listen \(shown): write an IPv6 address as [::1]:PORT")
            }
            hostPart = text[text.index(after: text.startIndex)..<close]
            portPart = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else {
                throw CollectorInputError("--listen \(shown): give HOST:PORT, such as 127.0.0.1:8080")
            }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        guard let port = Int(portPart), (0...65_535).contains(port) else {
            throw CollectorInputError("--listen \(shown): the port must be a number from 0 to 65535")
        }
        let host = hostPart == "localhost" ? "127.0.0.1" : String(hostPart)
        guard let parsed = try? HostName(host), parsed.isIPAddress else {
            throw CollectorInputError("--listen \(shown): the host must be an IP address (or localhost)")
        }
        guard tls || Self.isLoopback(parsed.text) else {
            throw CollectorInputError(
                "--listen \(shown): plain HTTP is served only on a loopback address (127.0.0.1, ::1). A collector "
                    + "on another address must speak HTTPS: give --tls-cert and --tls-key (docs/collector.md).")
        }
        self.host = parsed.text
        self.port = port
    }

    /// True for 127.0.0.0/8, ::1 and IPv4-mapped 127.x addresses.
    public static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }
}

/// A mistake in the collector's options: the CLI exits 2 with the message.
public struct CollectorInputError: BadInputError, Hashable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
