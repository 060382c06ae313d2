import Foundation
import PinningCore

/// One certificate a CA publishes, with what the CA says about it (its role and status) beside what the certificate
/// itself says (names, key, validity), which is read from the certificate and never restated in the catalog's data.
public struct CatalogCertificate: Sendable, Hashable {
    /// What the certificate is for in the CA's hierarchy.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// A self-signed trust anchor.
        case root
        /// A CA key certified by another CA (a root under an older root, for older trust stores).
        case crossSign = "cross-sign"
        /// A CA certificate that issues subscriber (leaf) certificates.
        case intermediate
    }

    /// Whether the CA uses the certificate now, as the CA states it.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Issued from (an intermediate) or served (a root or cross-sign) today.
        case active
        /// Valid, not issued from today, and may start issuing at any time without warning.
        case backup
        /// Valid, no longer issued from.
        case retired
        /// Past its validity.
        case expired
        /// Replaced by a new certificate for the same key (``CatalogCertificate/replacedBy``).
        case replaced
    }

    /// The file's path inside the CA's folder (`gen-y/int-ye1.pem`): its identity in the catalog.
    public let file: String
    /// The CA's own short name for it (`YE1`, `Root YR by ISRG Root X1`).
    public let label: String
    public let role: Role
    public let status: Status
    /// The day the status began, when the CA says (a cross-sign's issue date).
    public let since: CalendarDay?
    /// The last day of the status, when the CA says (a replaced cross-sign's replacement day).
    public let until: CalendarDay?
    /// The file of the certificate that replaced this one (same key, new certificate).
    public let replacedBy: String?
    /// False for a root not yet in the major trust stores.
    public let inStores: Bool
    /// The day a root is expected to leave the trust stores, and whether that day is approximate.
    public let leavesStores: CalendarDay?
    public let leavesStoresApproximate: Bool
    /// The certificate as published.
    public let certificate: ChainCertificate

    /// base64(SHA-256(SubjectPublicKeyInfo)): what an `spki-sha256` pin on this certificate's key holds.
    public var spkiPin: String { certificate.details.spkiPin }
    /// base64(SHA-256(certificate DER)): what a `cert-sha256` pin on this very certificate holds.
    public var certPin: String { certificate.details.certPin }
    public var notBefore: Date { certificate.details.notBefore }
    public var notAfter: Date { certificate.notAfter }

    /// True when an intermediate may issue a subscriber certificate on `day`: active or backup, and valid then.
    public func mayIssue(on day: Date) -> Bool {
        role == .intermediate && (status == .active || status == .backup) && notBefore <= day && day <= notAfter
    }
}
