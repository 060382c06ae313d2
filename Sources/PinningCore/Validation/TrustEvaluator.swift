import Foundation
@_spi(FixedExpiryValidationTime) @_spi(DisableValidityCheck) import X509

/// The outcome of default trust evaluation: the verified path, or the reason there is none.
enum TrustEvaluation: Sendable {
    case trusted(path: [Certificate])
    case failed(Verdict.Rejection, reasons: [String])
}

/// Default trust evaluation (path to an anchor, validity at a time, hostname, server-auth usage) with
/// swift-certificates' `Verifier`, plus a diagnosis of failures: the verifier says only "could not validate", so the chain is verified
/// again with single checks left out to find the one that fails, and put it into words.
struct TrustEvaluator: Sendable {
    let anchors: [Certificate]

    private struct Checks {
        var validity = true
        var hostname = true
        var keyUsage = true
    }

    func evaluate(host: String, chain: [Certificate], at time: Date) async -> TrustEvaluation {
        let full = await verify(host: host, chain: chain, at: time, checks: Checks())
        if let path = full.path {
            return .trusted(path: path)
        }
        let withoutHostname = await verify(host: host, chain: chain, at: time, checks: Checks(hostname: false))
        if let path = withoutHostname.path {
            return .failed(.hostnameMismatch, reasons: [hostnameReason(host: host, leaf: path[0])])
        }
        let withoutValidity = await verify(
            host: host,
            chain: chain,
            at: time,
            checks: Checks(validity: false, hostname: false)
        )
        if let path = withoutValidity.path {
            var reasons = validityReasons(path: path, at: time)
            let rejection: Verdict.Rejection =
                reasons.contains { $0.contains("not valid before") } ? .notYetValid : .expired
            if reasons.isEmpty { reasons = full.reasons }
            return .failed(rejection, reasons: reasons)
        }
        let withoutUsage = await verify(
            host: host,
            chain: chain,
            at: time,
            checks: Checks(validity: false, hostname: false, keyUsage: false)
        )
        if withoutUsage.path != nil {
            return .failed(.wrongKeyUsage, reasons: withoutValidity.reasons)
        }
        return .failed(.untrustedChain, reasons: ChainDiagnosis(anchors: anchors).explain(chain))
    }

    private func verify(
        host: String, chain: [Certificate], at time: Date, checks: Checks
    ) async -> (
        path: [Certificate]?, reasons: [String]
    ) {
        let ipAddress = Self.isIPAddress(host) ? host : nil
        var verifier = Verifier(rootCertificates: CertificateStore(anchors)) {
            if checks.validity {
                RFC5280Policy(fixedExpiryValidationTime: time)
            } else {
                RFC5280Policy.withValidityCheckDisabled()
            }
            if checks.keyUsage {
                ServerAuthUsagePolicy()
            } else {
                AcknowledgeExtensionsPolicy(verifyingCriticalExtensions: [.X509ExtensionID.extendedKeyUsage])
            }
            if checks.hostname {
                ServerIdentityPolicy(serverHostname: ipAddress == nil ? host : nil, serverIP: ipAddress)
            } else {
                AcknowledgeExtensionsPolicy(verifyingCriticalExtensions: [.X509ExtensionID.subjectAlternativeName])
            }
        }
        let result = await verifier.validate(leaf: chain[0], intermediates: CertificateStore(chain.dropFirst()))
        switch result {
        case .validCertificate(let validated):
            return (Array(validated), [])
        case .couldNotValidate(let failures):
            var reasons: [String] = []
            for failure in failures where !reasons.contains(failure.policyFailureReason.description) {
                reasons.append(failure.policyFailureReason.description)
            }
            return (nil, reasons)
        }
    }

    private func hostnameReason(host: String, leaf: Certificate) -> String {
        let details = CertificateDetails(leaf)
        let names = details.dnsNames + details.ipAddresses
        let listed = names.isEmpty ? "no subject alternative names" : "names " + names.joined(separator: ", ")
        return "the leaf certificate (\(details.subject)) is not valid for \(host): it lists \(listed)"
    }

    private func validityReasons(path: [Certificate], at time: Date) -> [String] {
        var reasons: [String] = []
        for (level, certificate) in path.enumerated() {
            let what = level == 0 ? "the leaf" : "level \(level)"
            let subject = certificate.subject.opensslString
            if time < certificate.notValidBefore {
                reasons.append(
                    "\(what) (\(subject)) is not valid before \(Timestamp.format(certificate.notValidBefore))"
                )
            } else if time > certificate.notValidAfter {
                let days = Int(time.timeIntervalSince(certificate.notValidAfter) / 86_400)
                reasons.append(
                    "\(what) (\(subject)) expired on \(Timestamp.format(certificate.notValidAfter)), "
                        + "\(days) day\(days == 1 ? "" : "s") before the validation time \(Timestamp.format(time))"
                )
            }
        }
        return reasons
    }

    static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}
