import SwiftASN1
import X509

/// Requires the leaf to carry a subject alternative name extension, as iOS, Android (OkHttp) and browsers do.
///
/// swift-certificates' `ServerIdentityPolicy` falls back to the subject CN when a leaf has no SAN (deprecated since
/// RFC 6125, and refused by real clients, CN wildcards included); this policy runs before it so that fallback never
/// decides a verdict.
struct SubjectAlternativeNameRequiredPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        guard chain.leaf.extensions[oid: .X509ExtensionID.subjectAlternativeName] == nil else { return .meetsPolicy }
        return .failsToMeetPolicy(reason: Self.reason(chain.leaf))
    }

    /// The words for a leaf without SAN, naming the CN that clients ignore.
    static func reason(_ leaf: Certificate) -> String {
        let commonName = leaf.subject.commonName.map { " (its subject CN=\($0) is not used for host names)" } ?? ""
        return "the leaf has no subject alternative name extension\(commonName); iOS, Android and browsers "
            + "accept a host only from its subject alternative names"
    }
}
