import ChainProbe
import Foundation
import PinningCore

/// How `inspect` and `check` learn whether the leaf was revoked.
public enum RevocationMode: String, CaseIterable, Sendable {
    /// Not asked: the verdict says so.
    case off
    /// The OCSP response the server stapled, if any (no extra connection).
    case staple
    /// Ask the OCSP responder named in the leaf's Authority Information Access extension.
    case ocsp
}

extension RevocationMode {
    /// The evidence for the validator from one live connection: its staple, or the responder's answer, or why
    /// there is none.
    public func evidence(
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
