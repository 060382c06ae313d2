import Foundation
import LabPKI
import X509

/// One root key reached through two paths, as Let's Encrypt's ISRG Root X1 was: a self-signed root `root`, and
/// `crossSigned`, a certificate with the same subject and key issued by an older root `oldRoot`. The intermediates
/// are issued by the root's key, so they chain to either certificate: a client that trusts `root` builds
/// leaf, intermediate, root; one that trusts only `oldRoot` builds leaf, intermediate, crossSigned, oldRoot when the
/// server sends the cross-signed certificate.
public struct CrossSignedRoot: Sendable {
    public let oldRoot: IssuedCertificate
    public let root: IssuedCertificate
    public let crossSigned: IssuedCertificate
    /// The intermediate issuing today's leaf, and a sibling of it under the same root key.
    public let intermediate: IssuedCertificate
    public let sibling: IssuedCertificate
    public let host: String
    public let leaf: IssuedCertificate

    /// `crossSignedUntil` is when the cross-signed certificate expires (as DST Root CA X3's cross-sign of ISRG
    /// Root X1 did in 2021), one year from now unless told.
    public init(host: String, crossSignedUntil: Date = Date().addingTimeInterval(365 * 86_400)) throws {
        self.host = host
        oldRoot = try CertificateIssuer.root(commonName: "Old Root X3", organization: "Old Trust")
        root = try CertificateIssuer.root(commonName: "New Root X1", organization: "New Trust")
        crossSigned = try CertificateIssuer.issue(
            CertificateIssuer.Profile(subject: root.certificate.subject, notAfter: crossSignedUntil, isCA: true),
            key: root.key, issuer: oldRoot)
        intermediate = try CertificateIssuer.intermediate(commonName: "New CA R10", issuer: root)
        sibling = try CertificateIssuer.intermediate(commonName: "New CA R11", issuer: root)
        leaf = try Self.leaf(host: host, key: LabKey(.p256), issuer: intermediate)
    }

    /// A leaf for `host` with `key`, issued by `issuer`.
    public static func leaf(host: String, key: LabKey, issuer: IssuedCertificate) throws -> IssuedCertificate {
        let profile = CertificateIssuer.Profile(
            subject: try CertificateIssuer.name(commonName: host), dnsNames: [host],
            extendedKeyUsage: ([.serverAuth], false))
        return try CertificateIssuer.issue(profile, key: key, issuer: issuer)
    }

    /// What the server sends for a leaf issued by `issuer`: for the path to the old root, the cross-signed
    /// certificate too.
    public func served(
        leaf: IssuedCertificate, issuer: IssuedCertificate, viaOldRoot: Bool
    ) -> [IssuedCertificate] {
        [leaf, issuer] + (viaOldRoot ? [crossSigned] : [])
    }
}
