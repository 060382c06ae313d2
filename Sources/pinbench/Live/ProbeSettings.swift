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
