import SwiftASN1
import X509

/// Requires every certificate that states an extended key usage to allow TLS server authentication, as OpenSSL's
/// `ssl_server` purpose does; handles the extension when it is critical, which swift-certificates otherwise rejects.
struct ServerAuthUsagePolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [.X509ExtensionID.extendedKeyUsage]
    /// Which certificates must allow serverAuth, and whether anyExtendedKeyUsage does.
    var rule: TrustRules.ServerAuthUsage = .serverAuthRequiredSince2019

    mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        guard let reason = Self.firstFailure(in: chain, rule: rule) else { return .meetsPolicy }
        return .failsToMeetPolicy(reason: reason)
    }

    /// Why `path` (leaf first) fails `rule`, or nil when it meets it.
    static func firstFailure<Path: RandomAccessCollection<Certificate>>(
        in path: Path, rule: TrustRules.ServerAuthUsage
    ) -> String? where Path.Index == Int {
        // The JDK looks at the leaf alone; OpenSSL's purpose check and iOS at every certificate.
        let checked = rule == .serverAuthOrAnyWhenStated ? path.prefix(1) : path[...]
        let anyIsEnough = rule != .serverAuthWhenStated
        for level in checked.indices {
            let certificate = path[level]
            guard let usage = try? certificate.extensions.extendedKeyUsage else {
                if certificate.extensions[oid: .X509ExtensionID.extendedKeyUsage] != nil {
                    return "level \(level): the extended key usage cannot be parsed"
                }
                continue
            }
            if !usage.contains(.serverAuth) && !(anyIsEnough && usage.contains(.any)) {
                let subject = certificate.subject.opensslString
                return "level \(level) (\(subject)): extended key usage does not allow TLS server authentication"
            }
        }
        return nil
    }
}
