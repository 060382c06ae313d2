import SwiftASN1
import X509

/// Requires every certificate that states an extended key usage to allow TLS server authentication, as OpenSSL's
/// `ssl_server` purpose does; handles the extension when it is critical, which swift-certificates otherwise rejects.
struct ServerAuthUsagePolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [.X509ExtensionID.extendedKeyUsage]

    mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        for (level, certificate) in chain.enumerated() {
            guard let usage = try? certificate.extensions.extendedKeyUsage else {
                if certificate.extensions[oid: .X509ExtensionID.extendedKeyUsage] != nil {
                    return .failsToMeetPolicy(reason: "level \(level): the extended key usage cannot be parsed")
                }
                continue
            }
            if !usage.contains(.serverAuth) && !usage.contains(.any) {
                let subject = certificate.subject.opensslString
                return .failsToMeetPolicy(
                    reason: "level \(level) (\(subject)): extended key usage does not allow TLS server authentication"
                )
            }
        }
        return .meetsPolicy
    }
}

/// Accepts every chain while declaring extensions handled; used when diagnosing a failure with some checks left out,
/// so that leaving a check out does not turn its critical extension into a new, misleading failure.
struct AcknowledgeExtensionsPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        .meetsPolicy
    }
}
