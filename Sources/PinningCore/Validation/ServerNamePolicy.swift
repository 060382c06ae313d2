import SwiftASN1
import X509

/// Requires a subject alternative name of the leaf to cover the host (``ServerNameMatcher``); replaces
/// swift-certificates' `ServerIdentityPolicy`, whose wildcards cover a single label (`*.com`) and which falls back
/// to the subject CN.
struct ServerNamePolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [.X509ExtensionID.subjectAlternativeName]
    let matcher: ServerNameMatcher

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        switch matcher.judge(chain.leaf) {
        case .matches: return .meetsPolicy
        case .mismatch: return .failsToMeetPolicy(reason: "no subject alternative name covers \(matcher.host)")
        case .unreadable(let reason): return .failsToMeetPolicy(reason: reason)
        }
    }
}
