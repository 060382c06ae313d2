import SwiftASN1
import X509

/// Explains why no path from a leaf to a trust anchor exists, by walking the presented chain the way a verifier would.
struct ChainDiagnosis: Sendable {
    let anchors: [Certificate]

    /// Critical extensions that some policy of the validator handles.
    private static let handledCriticalExtensions: Set<ASN1ObjectIdentifier> = [
        .X509ExtensionID.basicConstraints, .X509ExtensionID.keyUsage, .X509ExtensionID.nameConstraints,
        .X509ExtensionID.subjectAlternativeName, .X509ExtensionID.extendedKeyUsage,
    ]

    func explain(_ chain: [Certificate]) -> [String] {
        var reasons: [String] = []
        for (level, certificate) in chain.enumerated() {
            for ext in certificate.extensions where ext.critical {
                if !Self.handledCriticalExtensions.contains(ext.oid) {
                    reasons.append(
                        "level \(level) (\(certificate.subject.opensslString)) has an unsupported critical "
                            + "extension \(ext.oid)"
                    )
                }
            }
        }
        var current = chain[0]
        var level = 0
        var visited: [Certificate] = []
        let candidates = Array(chain.dropFirst())
        while true {
            visited.append(current)
            let subject = current.subject.opensslString
            let what = level == 0 ? "the leaf (\(subject))" : "level \(level) (\(subject))"
            if anchors.contains(current) {
                reasons.append("\(what) is a trust anchor, but the path to it breaks a chain rule")
                return reasons
            }
            if let anchor = anchors.first(where: { $0.subject == current.issuer }) {
                if anchor.publicKey.isValidSignature(current.signature, for: current) {
                    reasons.append(
                        "\(what) is signed by trust anchor \(anchor.subject.opensslString), but a chain rule "
                            + "fails (basic constraints, key usage or path length)"
                    )
                } else {
                    reasons.append(
                        "\(what) names trust anchor \(current.issuer.opensslString) as its issuer but was not "
                            + "signed by that anchor's key: an impostor chain reusing the names?"
                    )
                }
                return reasons
            }
            if current.subject == current.issuer {
                let selfSigned = current.publicKey.isValidSignature(current.signature, for: current)
                reasons.append(
                    selfSigned
                        ? (level == 0
                            ? "the leaf is self-signed and is not a trust anchor"
                            : "the chain ends at root \(subject), which is not a trust anchor")
                        : "\(what) claims to be self-issued but its signature does not verify"
                )
                return reasons
            }
            let byName = candidates.filter { $0.subject == current.issuer && !visited.contains($0) }
            guard !byName.isEmpty else {
                reasons.append(
                    "the issuer of \(what), \(current.issuer.opensslString), is neither among the presented "
                        + "certificates nor a trust anchor (a missing intermediate, or an unknown root)"
                )
                return reasons
            }
            guard let issuer = byName.first(where: { $0.publicKey.isValidSignature(current.signature, for: current) })
            else {
                reasons.append(
                    "\(what) names \(current.issuer.opensslString) as its issuer, but the presented certificate of "
                        + "that name did not sign it"
                )
                return reasons
            }
            current = issuer
            level += 1
        }
    }
}
