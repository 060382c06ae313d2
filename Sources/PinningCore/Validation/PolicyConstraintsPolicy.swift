import SwiftASN1
import X509

/// Handles the policy constraints extension (RFC 5280 4.2.1.11), which swift-certificates leaves unhandled and so
/// refuses whenever it is critical, as RFC 5280 requires it to be; OpenSSL and curl accept such chains.
///
/// PinBench asks for no particular certificate policy (the initial policy set is anyPolicy, as in OpenSSL, curl
/// and the platforms), so only `requireExplicitPolicy` can fail a path: once it takes effect, every certificate
/// below the CA must state a certificate policy. That is checked here as RFC 5280 6.1's explicit-policy counter
/// runs; policy mappings and the intersection of the stated policies are not (a critical policy mappings
/// extension stays refused as unsupported).
struct PolicyConstraintsPolicy: VerifierPolicy {
    static let policyConstraints: ASN1ObjectIdentifier = [2, 5, 29, 36]
    static let certificatePolicies: ASN1ObjectIdentifier = [2, 5, 29, 32]

    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [Self.policyConstraints]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        let path = Array(chain)
        // The trust anchor's own extensions are not part of RFC 5280 path processing.
        for level in path.indices.dropFirst().dropLast() {
            guard let ext = path[level].extensions[oid: Self.policyConstraints] else { continue }
            let skip: Int?
            do {
                skip = try Self.requireExplicitPolicy(ext.value)
            } catch {
                return .failsToMeetPolicy(reason: "level \(level): the policy constraints cannot be parsed")
            }
            // The counter reaches zero when `skip` certificates below this CA have been processed.
            guard let skip, skip <= level else { continue }
            for below in 0..<path.count - 1 where path[below].extensions[oid: Self.certificatePolicies] == nil {
                return .failsToMeetPolicy(
                    reason: "level \(level) (\(path[level].subject.opensslString)) requires an explicit certificate "
                        + "policy, and level \(below) states none (RFC 5280 4.2.1.11)")
            }
        }
        return .meetsPolicy
    }

    /// `requireExplicitPolicy` of a PolicyConstraints value, nil when absent.
    static func requireExplicitPolicy(_ bytes: ArraySlice<UInt8>) throws -> Int? {
        try DER.sequence(try DER.parse(bytes), identifier: .sequence) { nodes in
            let require: Int? = try DER.optionalImplicitlyTagged(
                &nodes, tag: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific))
            let _: Int? = try DER.optionalImplicitlyTagged(
                &nodes, tag: ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific))
            return require
        }
    }
}
