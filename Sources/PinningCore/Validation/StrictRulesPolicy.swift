import SwiftASN1
import X509

/// Applies the ``StrictRules`` of a profile's standards to every candidate path (``ValidationProfile/rfc5280``,
/// ``ValidationProfile/strict``).
struct StrictRulesPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []
    let standards: Set<StrictRuleViolation.Standard>

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        guard let violation = StrictRules.firstViolation(in: chain, standards: standards) else {
            return .meetsPolicy
        }
        return .failsToMeetPolicy(reason: violation.reason)
    }
}
