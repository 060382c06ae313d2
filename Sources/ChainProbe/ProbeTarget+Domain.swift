import PinningCore

extension ProbeTarget {
    /// The target for a host as the manifest describes it: SNI and hostname checks use `host`; `connect`, when
    /// set, only changes where the TCP connection goes.
    public init(host: String, port: Int, connect: String?) throws(ProbeFailure) {
        guard (1...65_535).contains(port) else {
            throw ProbeFailure.invalidTarget("port \(port) of \(host) is outside 1...65535")
        }
        var endpoint: ProbeEndpoint?
        if let connect {
            guard let parsed = ProbeEndpoint(parsing: connect, defaultPort: UInt16(port)) else {
                throw ProbeFailure.invalidTarget("the connect address \(connect) of \(host) is not HOST:PORT")
            }
            endpoint = parsed
        }
        self.init(host: host, port: UInt16(port), connect: endpoint)
    }

    /// The target for a manifest's domain (``init(host:port:connect:)``).
    public init(_ domain: DomainPolicy) throws(ProbeFailure) {
        try self.init(host: domain.host, port: domain.port, connect: domain.connect)
    }
}
