import SwiftASN1
import X509

/// Accepts every chain while declaring extensions handled; used when diagnosing a failure with some checks left out,
/// so that leaving a check out does not turn its critical extension into a new, misleading failure.
struct AcknowledgeExtensionsPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        .meetsPolicy
    }
}
