import ArgumentParser
import LiveCheck

/// `--revocation off|staple|ocsp`, read once by the command: what it hands on is the plain ``RevocationMode``
/// (an options group is only ever filled in by the parser; one built by hand traps when read).
struct RevocationSettings: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How to learn whether the leaf was revoked: off, staple or ocsp.",
            discussion: """
                staple (the default) judges the OCSP response the server stapled; ocsp asks the responder the leaf \
                names (http, within --timeout). A response saying revoked rejects the connection; no response, or \
                one that cannot be relied on, is reported as such and rejects nothing.
                """))
    var revocation: RevocationMode = .staple
}

extension RevocationMode: ExpressibleByArgument {}
