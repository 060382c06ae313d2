import SwiftASN1
import X509

/// Explains why no path from a leaf to a trust anchor exists, by walking the presented chain the way a verifier would.
/// Its signature checks count against the same kind of budget as path building, so a hostile chain cannot stretch it.
struct ChainDiagnosis: Sendable {
    let anchors: AnchorSet
    let budget: SignatureCheckBudget

    /// Whether `issuer`'s key signed `certificate`, or nil once the budget allows no more checks.
    private func signed(_ certificate: Certificate, by issuer: Certificate) -> Bool? {
        guard budget.grant(1) == 1 else { return nil }
        return certificate.isSigned(by: issuer)
    }

    private var stopped: String {
        "the diagnosis stopped \(budget.cutoff?.description ?? "early") without finding where the chain breaks"
    }

    /// Critical extensions that some policy of the validator handles.
    private static let handledCriticalExtensions: Set<ASN1ObjectIdentifier> = [
        .X509ExtensionID.basicConstraints, .X509ExtensionID.keyUsage, .X509ExtensionID.nameConstraints,
        .X509ExtensionID.subjectAlternativeName, .X509ExtensionID.extendedKeyUsage,
        PolicyConstraintsPolicy.policyConstraints,
    ]

    /// What the diagnosis found: the rejection to give and the reasons, in order.
    struct Finding {
        var rejection: Verdict.Rejection = .untrustedChain
        var reasons: [String] = []
    }

    func explain(_ chain: [Certificate]) -> Finding {
        var rejection = Verdict.Rejection.untrustedChain
        let reasons = walk(chain) { path in
            let cost = NameConstraintBudget.cost(of: path)
            if cost > NameConstraintBudget.comparisons {
                rejection = .nameConstraints
                return NameConstraintBudget.reason(cost: cost)
            }
            guard let violation = NameConstraintViolation.first(in: path) else { return nil }
            rejection = .nameConstraints
            return violation.reason
        }
        return Finding(rejection: rejection, reasons: reasons)
    }

    /// The reasons; `ruleBroken` names the broken rule of a path that reaches an anchor, when it can tell.
    /// Each critical extension no policy of the verifier handles, one line per certificate and extension.
    private static func unsupportedCriticalExtensions(in chain: [Certificate]) -> [String] {
        var reasons: [String] = []
        for (level, certificate) in chain.enumerated() {
            for ext in certificate.extensions where ext.critical && !handledCriticalExtensions.contains(ext.oid) {
                reasons.append(
                    "level \(level) (\(certificate.subject.opensslString)) has an unsupported critical "
                        + "extension \(ext.oid)"
                )
            }
        }
        return reasons
    }

    private func walk(_ chain: [Certificate], ruleBroken: ([Certificate]) -> String?) -> [String] {
        var reasons = Self.unsupportedCriticalExtensions(in: chain)
        var (current, level) = (chain[0], 0)
        var visited: [Certificate] = []
        let candidates = Array(chain.dropFirst())
        while true {
            visited.append(current)
            let subject = current.subject.opensslString
            let what = level == 0 ? "the leaf (\(subject))" : "level \(level) (\(subject))"
            if anchors.contains(current) {
                return reasons + [
                    ruleBroken(visited) ?? "\(what) is a trust anchor, but the path to it breaks a chain rule"
                ]
            }
            if let anchor = anchors.certificates(withSubject: current.issuer).first {
                guard let verified = signed(current, by: anchor) else { return reasons + [stopped] }
                let reason =
                    verified
                    ? ruleBroken(visited + [anchor])
                        ?? "\(what) is signed by trust anchor \(anchor.subject.opensslString), but a chain rule "
                        + "fails (basic constraints, key usage, path length or name constraints)"
                    : "\(what) names trust anchor \(current.issuer.opensslString) as its issuer but was not "
                        + "signed by that anchor's key: an impostor chain reusing the names?"
                return reasons + [reason]
            }
            if current.subject == current.issuer {
                guard let selfSigned = signed(current, by: current) else { return reasons + [stopped] }
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
            var issuer: Certificate?
            for candidate in byName where issuer == nil {
                guard let verified = signed(current, by: candidate) else { return reasons + [stopped] }
                if verified { issuer = candidate }
            }
            guard let issuer else {
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
