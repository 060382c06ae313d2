/// A server to probe: the name it is known by, and optionally another address to dial.
///
/// `host` is what SNI carries and what the core checks the certificate against; `connect` only changes where the
/// TCP connection goes (a staging address, a load balancer node, the demo lab on loopback).
public struct ProbeTarget: Hashable, Sendable, CustomStringConvertible {
    /// The server's name: sent as SNI (unless it is an IP address) and matched by the core.
    public var host: String
    public var port: UInt16
    /// Where to dial instead of `host:port`, keeping SNI = `host`.
    public var connect: ProbeEndpoint?

    public init(host: String, port: UInt16 = 443, connect: ProbeEndpoint? = nil) {
        self.host = host
        self.port = port
        self.connect = connect
    }

    /// Parses `HOST`, `HOST:PORT`, `[IPv6]:PORT` or a bare IPv6 address; the port defaults to `defaultPort`.
    public init(parsing text: String, defaultPort: UInt16 = 443, connect: ProbeEndpoint? = nil) throws(ProbeFailure) {
        guard let endpoint = ProbeEndpoint(parsing: text, defaultPort: defaultPort) else {
            throw ProbeFailure.invalidTarget("not a host or host:port: \(text.terminalSafe)")
        }
        self.init(host: endpoint.host, port: endpoint.port, connect: connect)
    }

    /// The address actually dialled.
    public var dialEndpoint: ProbeEndpoint { connect ?? ProbeEndpoint(host: host, port: port) }

    /// The SNI name: the host, unless it is an IP literal (RFC 6066 forbids addresses in SNI).
    public var serverName: String? {
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        if name.isEmpty || ProbeEndpoint.isIPLiteral(name) { return nil }
        return name
    }

    public var description: String {
        var text = ProbeEndpoint(host: host, port: port).description
        if let connect { text += " via \(connect)" }
        return text.terminalSafe
    }
}
