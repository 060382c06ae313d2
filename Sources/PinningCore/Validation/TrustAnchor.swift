import Foundation
import X509

/// One trust anchor: its DER, the fields a store indexes it by, and the certificate when it is already parsed.
struct TrustAnchor: Sendable {
    let der: [UInt8]
    let subject: DistinguishedName
    let notValidBefore: Date
    let notValidAfter: Date
    /// Nil for an anchor read ``TrustAnchors/Parsing/whenLookedUp``; ``AnchorSubject`` keeps what ``parsed()``
    /// returns for it.
    let certificate: Certificate?

    /// An anchor known parsed.
    init(_ certificate: Certificate, der: [UInt8]? = nil) {
        self.der = der ?? certificate.derBytes
        subject = certificate.subject
        notValidBefore = certificate.notValidBefore
        notValidAfter = certificate.notValidAfter
        self.certificate = certificate
    }

    /// An anchor indexed by its header alone.
    init(deferringParseOf der: [UInt8]) throws {
        let header = try CertificateHeader(derEncoded: der)
        self.der = der
        subject = header.subject
        notValidBefore = header.notBefore
        notValidAfter = header.notAfter
        certificate = nil
    }

    /// The certificate, parsed now if need be; nil when swift-certificates cannot use it. A certificate whose parsed
    /// subject is not the one it was indexed under is never handed out: a lookup by subject must not return another
    /// name.
    func parsed() -> Certificate? {
        if let certificate { return certificate }
        return (try? Certificate(derEncoded: der)).flatMap { $0.subject == subject ? $0 : nil }
    }
}
