import ArgumentParser
import ChainProbe
import Foundation
import PinningCore

/// How `inspect` and `check` learn whether the leaf was revoked.
enum RevocationMode: String, CaseIterable, ExpressibleByArgument {
    /// Not asked: the verdict says so.
    case off
    /// The OCSP response the server stapled, if any (no extra connection).
    case staple
    /// Ask the OCSP responder named in the leaf's Authority Information Access extension.
    case ocsp
}

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

extension RevocationMode {
    /// The evidence for the validator from one live connection: its staple, or the responder's answer, or why
    /// there is none.
    func evidence(
        for probe: ProbeResult, sent: [ChainCertificate], anchors: TrustAnchors, deadline: Duration
    ) async -> RevocationEvidence {
        switch self {
        case .off:
            return .none(.off)
        case .staple:
            return probe.connection.revocationEvidence
        case .ocsp:
            guard let leaf = sent.first?.certificate else { return .none(.noResponder) }
            guard let url = OCSPRequestBuilder.responderURL(of: leaf) else { return .none(.noResponder) }
            let issuer =
                sent.dropFirst().compactMap(\.certificate).first { $0.subject == leaf.issuer }
                ?? anchors.certificates(withSubject: leaf.issuer).first
            guard let issuer else {
                return .none(.responderUnreachable("the leaf's issuer is neither sent nor a trust anchor"))
            }
            let request: [UInt8]
            do {
                request = try OCSPRequestBuilder.request(leaf: leaf, issuer: issuer)
            } catch {
                return .none(.responderUnreachable("the request could not be built: \(error)"))
            }
            switch await OCSPResponderClient().fetch(request, from: url, deadline: deadline) {
            case .success(let response): return .ocspResponse(response, source: .responder)
            case .failure(let failure): return .none(.responderUnreachable(failure.description))
            }
        }
    }
}
