import SwiftASN1
import X509

/// Refuses a path whose name constraints cost more than ``NameConstraintBudget`` allows; runs before the RFC 5280
/// policy so that the quadratic check never starts.
/// Also refuses a wildcard leaf name that an excluded subtree may cover
/// (``NameConstraintViolation/firstWildcardExclusion(in:)``).
struct NameConstraintRulesPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        let path = chain
        let cost = NameConstraintBudget.cost(of: path)
        if cost > NameConstraintBudget.comparisons {
            return .failsToMeetPolicy(reason: NameConstraintBudget.reason(cost: cost))
        }
        if let violation = NameConstraintViolation.firstWildcardExclusion(in: path) {
            return .failsToMeetPolicy(reason: violation.reason)
        }
        return .meetsPolicy
    }
}
