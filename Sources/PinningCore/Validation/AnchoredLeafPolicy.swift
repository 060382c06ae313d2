import Foundation
import SwiftASN1
import X509

/// The path of a leaf that is itself a trust anchor (a self-signed server certificate trusted as it is): that one
/// certificate, judged for its version and its dates as ``RFC5280Policy`` judges them, without that policy's rule
/// that a root presented as the leaf be marked CA. OpenSSL (so curl), the JDK's PKIX validator (so OkHttp), iOS and
/// Android trust such a certificate whatever its basic constraints; the anchor is taken as given (RFC 5280 6.1).
/// Every other policy of the verification still applies to it: the host name, the key usages, the chain rules.
struct AnchoredLeafPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
        .X509ExtensionID.basicConstraints, .X509ExtensionID.nameConstraints, .X509ExtensionID.keyUsage,
    ]
    /// The moment the dates are judged at; nil when validity is not checked (a diagnosis run).
    let validationTime: Date?

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        guard chain.count == 1, let leaf = chain.first else {
            return .failsToMeetPolicy(reason: "a leaf anchored as itself stands alone")
        }
        if leaf.version == .v1, !leaf.extensions.isEmpty {
            return .failsToMeetPolicy(reason: "a version 1 certificate with extensions")
        }
        if let time = validationTime, time < leaf.notValidBefore || time > leaf.notValidAfter {
            return .failsToMeetPolicy(reason: "the leaf, a trust anchor itself, is outside its validity period")
        }
        return .meetsPolicy
    }
}
