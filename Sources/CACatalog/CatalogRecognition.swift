import Foundation
import PinningCore

/// A served leaf recognised in the catalog: the CA, the intermediate whose key signed it, and what the leaf says
/// about how it was issued (its lifetime).
public struct CatalogRecognition: Sendable {
    public let authority: CertificateAuthority
    /// The intermediate whose key signed the leaf (of several certificates of that key, the catalog's first).
    public let intermediate: CatalogCertificate
    public let leaf: ChainCertificate

    /// The `spki-sha256` pin of the root key that signed the intermediate: the pool is every intermediate under it.
    public var rootPin: String? { authority.signerPins[intermediate.file] }

    /// The leaf's lifetime in whole days, as CAs count it (notAfter is the last second, so 90 days are
    /// 90 × 86,400 − 1 seconds).
    public var leafLifetimeDays: Int { IssuancePlan.lifetimeDays(of: leaf) }
}
