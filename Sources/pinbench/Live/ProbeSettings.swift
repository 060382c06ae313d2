import ArgumentParser
import ChainProbe
import PinningCore

/// `--timeout`: the one deadline for resolving, dialling and the TLS handshake of each connection.
struct ProbeSettings: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds allowed for each connection: name resolution, TCP connect and TLS handshake together (0.001 to "
                + "300)."))
    var timeout: Double = 5

    func validate() throws {
        try OptionRange.check(timeout, 0.001...300, option: "--timeout", unit: "seconds")
    }

    var deadline: Duration { .milliseconds(Int((timeout * 1000).rounded())) }

    /// Probe options within `--timeout` against `anchors` (``ProbeOptions/init(deadline:anchors:)``).
    func options(anchors: TrustAnchors) -> ProbeOptions {
        ProbeOptions(deadline: deadline, anchors: anchors)
    }
}

extension ProbeOptions {
    /// Probe options that build chains against exactly the files the core trusts, so that the built chain and the
    /// verdict never disagree about which anchors exist.
    init(deadline: Duration, anchors: TrustAnchors) {
        self.init(deadline: deadline, trustAnchorPaths: anchors.sources.map(\.path), useSystemTrustStore: false)
    }
}

extension ProbeTarget {
    /// The target for a host as the manifest describes it: SNI and hostname checks use `host`; `connect`, when
    /// set, only changes where the TCP connection goes.
    init(host: String, port: Int, connect: String?) throws(ProbeFailure) {
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
}
