import Foundation
import LabPKI

/// A hostile chain: a leaf plus CA certificates that all share one subject and cross-sign each other, so that every
/// step of path building has several valid issuers and the number of candidate paths grows exponentially.
///
/// `entities` CA keys each get one self-signed certificate and `certificatesPerEntity - 1` more signed by the
/// following entities' keys; the leaf is signed by the first. No trust anchor is involved: a verifier searches every
/// path before it can say there is none.
public struct CrossSignedMesh: Sendable {
    public let leaf: IssuedCertificate
    public let authorities: [IssuedCertificate]

    /// Leaf first, then every CA certificate: what the hostile server sends.
    public var presented: [IssuedCertificate] { [leaf] + authorities }

    public init(host: String, entities: Int = 10, certificatesPerEntity: Int = 3, key: KeyKind = .p256) throws {
        let subject = try CertificateIssuer.name(commonName: "PinBench Cross-Signed CA", organization: "Hostile")
        let profile = CertificateIssuer.Profile(subject: subject, isCA: true)
        let keys = try (0..<entities).map { _ in try LabKey(key) }
        let selfSigned = try keys.map { try CertificateIssuer.issue(profile, key: $0, issuer: nil) }
        var authorities = selfSigned
        for step in 1..<max(1, certificatesPerEntity) {
            for (index, entityKey) in keys.enumerated() {
                let signer = selfSigned[(index + step) % entities]
                authorities.append(try CertificateIssuer.issue(profile, key: entityKey, issuer: signer))
            }
        }
        self.authorities = authorities
        leaf = try CertificateIssuer.leaf(commonName: host, dnsNames: [host], key: key, issuer: selfSigned[0])
    }
}
