import Foundation
import PinningCore

/// One CA as the catalog knows it: its certificates, the chains it serves, its issuance profiles, and how it picks
/// the intermediate for each new certificate.
public struct CertificateAuthority: Sendable {
    /// The catalog id (`letsencrypt`), the name of its folder.
    public let id: String
    public let name: String
    /// A publicly trusted CA, whose certificates the CA/Browser Forum's lifetime limits bound.
    public let isPublic: Bool
    /// Where the CA publishes the facts (pages, announcements), for people checking the data.
    public let sources: [String]
    /// True when each certificate comes from an intermediate picked at random among the active ones of its key
    /// type; false when the CA issues from one at a time.
    public let picksAtRandom: Bool
    /// The fraction of a certificate's lifetime after which it is renewed, as the CA recommends (two thirds).
    public let renewAt: Double
    public let certificates: [CatalogCertificate]
    public let chains: [OfferedChain]
    public let profiles: [IssuanceProfile]
    /// For each certificate's file, the `spki-sha256` pin of the catalog key whose signature it carries (its own
    /// for a root); absent when it was signed by a key outside the catalog. Found by verifying signatures.
    public let signerPins: [String: String]

    public func certificate(file: String) -> CatalogCertificate? {
        certificates.first { $0.file == file }
    }

    /// Every certificate of this key (a root and its cross-signs, an intermediate and its cross-signed twin).
    public func certificates(withKey spkiPin: String) -> [CatalogCertificate] {
        certificates.filter { $0.spkiPin == spkiPin }
    }

    /// The profile a subscriber gets without asking.
    public var defaultProfile: IssuanceProfile? {
        profiles.first { $0.isDefault } ?? profiles.first
    }

    public func profile(named name: String) -> IssuanceProfile? {
        profiles.first { $0.name == name }
    }

    /// The intermediates that may issue a certificate on `day` under the root key `rootPin`: the pool a renewal's
    /// issuer is picked from (active and backup alike: a backup may start at any time, without warning).
    public func pool(under rootPin: String, on day: Date) -> [CatalogCertificate] {
        certificates.filter { $0.mayIssue(on: day) && signerPins[$0.file] == rootPin }
    }

    /// The short name of the catalog key `spkiPin`: its root's label when it is a root key, else its first
    /// certificate's.
    public func keyLabel(_ spkiPin: String) -> String? {
        let holders = certificates(withKey: spkiPin)
        return (holders.first { $0.role == .root } ?? holders.first)?.label
    }
}
