import Foundation
import PinningCore
import X509

/// A certificate issued by the lab, with the key that belongs to it (so it can sign further certificates or serve TLS).
public struct IssuedCertificate: Sendable {
    public let certificate: Certificate
    public let key: LabKey

    /// A certificate made outside ``CertificateIssuer`` (a test's edge case), with its key.
    public init(certificate: Certificate, key: LabKey) {
        self.certificate = certificate
        self.key = key
    }

    /// The DER encoding of the certificate.
    public var der: [UInt8] {
        certificate.derBytes
    }

    public var pem: String { PEMDocumentText(type: "CERTIFICATE", der: der).text }
}

/// A chain as a server would present it, leaf first, with the root that anchors it.
public struct IssuedChain: Sendable {
    public let leaf: IssuedCertificate
    public let intermediates: [IssuedCertificate]
    public let root: IssuedCertificate

    /// Leaf then intermediates: what a well-configured server sends (the root is usually left out).
    public var presented: [IssuedCertificate] { [leaf] + intermediates }
    /// Leaf, intermediates and root.
    public var full: [IssuedCertificate] { [leaf] + intermediates + [root] }

    public init(leaf: IssuedCertificate, intermediates: [IssuedCertificate], root: IssuedCertificate) {
        self.leaf = leaf
        self.intermediates = intermediates
        self.root = root
    }

    /// PEM text of the presented certificates, leaf first.
    public var presentedPEM: String { presented.map(\.pem).joined() }
}
