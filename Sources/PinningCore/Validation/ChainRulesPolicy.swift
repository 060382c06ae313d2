import SwiftASN1
import X509

/// Applies ``ChainRules`` to every candidate path, so a path that breaks one is not taken (and another may be).
struct ChainRulesPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []
    var rules: TrustRules = .platform

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        guard let violation = ChainRules.firstViolation(in: chain, rules: rules) else { return .meetsPolicy }
        return .failsToMeetPolicy(reason: violation.reason)
    }
}
