import Foundation
import SwiftASN1
import X509

/// The certificate rules swift-certificates leaves out and real clients enforce (``ChainRuleViolation``), as one
/// pure function over a path, leaf first and the trust anchor last. ``ChainRulesPolicy`` applies it while paths
/// are built; the trust evaluator applies it again to a path found without it, to say which rule failed.
enum ChainRules {
    /// iOS requires the serverAuth extended key usage of leaves issued after this instant (1 July 2019 UTC).
    static let serverAuthRequiredSince = Date(timeIntervalSince1970: 1_561_939_200)

    /// The first rule `path` breaks under `rules` (a client's, PinBench's platform by default), or nil when it meets
    /// them all.
    ///
    /// Generic over the path so that a policy reads the verifier's candidate chain in place (copying it into an
    /// array retained every field of every certificate once more).
    static func firstViolation<Path: RandomAccessCollection<Certificate>>(
        in path: Path, rules: TrustRules = .platform
    ) -> ChainRuleViolation? where Path.Index == Int {
        guard let leaf = path.first else { return nil }
        // Written only for a violation: the words cost more than the rules (a tenth of a verdict's own work).
        var subject: String { leaf.subject.opensslString }
        if rules.caLeaf == .refused, path.count > 1, isCA(leaf) {
            return .caCertificateAsLeaf(subject: subject)
        }
        if let usage = keyUsage(leaf) {
            guard let usage else { return .leafKeyUsageCannotHandshake(subject: subject, usage: "(unreadable)") }
            switch rules.leafKeyUsage {
            case .handshakeUsageWithoutCertSign where usage.keyCertSign && !isCA(leaf):
                return .leafSignsCertificatesWithoutBeingCA(subject: subject)
            case .digitalSignature where !usage.digitalSignature:
                return .leafKeyUsageWithoutDigitalSignature(subject: subject, usage: "\(usage)")
            default:
                break
            }
            if !usage.digitalSignature && !usage.keyEncipherment && !usage.keyAgreement {
                return .leafKeyUsageCannotHandshake(subject: subject, usage: "\(usage)")
            }
        }
        for level in path.indices.dropFirst() {
            if let usage = keyUsage(path[level]), usage?.keyCertSign != true {
                return .caCannotSignCertificates(level: level, subject: path[level].subject.opensslString)
            }
        }
        if rules.serverAuth == .serverAuthRequiredSince2019, leaf.notValidBefore > serverAuthRequiredSince,
            !allowsServerAuth(leaf)
        {
            return .leafLacksServerAuthUsage(subject: subject, notBefore: leaf.notValidBefore)
        }
        return nil
    }

    /// The key usage: nil when the certificate states none, `.some(nil)` when it states one that cannot be read.
    private static func keyUsage(_ certificate: Certificate) -> KeyUsage?? {
        guard certificate.extensions[oid: .X509ExtensionID.keyUsage] != nil else { return nil }
        return .some(try? certificate.extensions.keyUsage)
    }

    private static func isCA(_ certificate: Certificate) -> Bool {
        guard case .isCertificateAuthority = try? certificate.extensions.basicConstraints else { return false }
        return true
    }

    /// Whether the extended key usage is present and names serverAuth (anyExtendedKeyUsage alone is not enough
    /// for iOS).
    private static func allowsServerAuth(_ certificate: Certificate) -> Bool {
        guard let usage = try? certificate.extensions.extendedKeyUsage else { return false }
        return usage.contains(.serverAuth)
    }
}
