import Foundation
import SwiftASN1
import X509

/// The subject and validity of a certificate, read from its DER without its key, extensions or signature.
///
/// A trust store needs only these to index a few hundred anchors; parsing each whole (keys through BoringSSL, every
/// extension) cost every command several milliseconds for anchors no path reached.
struct CertificateHeader {
    let subject: DistinguishedName
    let notBefore: Date
    let notAfter: Date

    /// Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { version [0] EXPLICIT OPTIONAL, serialNumber, signature,
    ///   issuer, validity, subject, … }, … }
    init(derEncoded der: [UInt8]) throws {
        let root = try DER.parse(der)
        guard root.identifier == .sequence, case .constructed(let parts) = root.content,
            let tbs = parts.first(where: { _ in true }), tbs.identifier == .sequence,
            case .constructed(let fields) = tbs.content
        else { throw ASN1Error.invalidASN1Object(reason: "not a certificate") }
        var nodes = fields.makeIterator()
        _ = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { $0 }
        // serialNumber, signature, issuer: their shapes are checked when the anchor is parsed whole.
        for _ in 0..<3 {
            guard nodes.next() != nil else { throw ASN1Error.invalidASN1Object(reason: "a certificate too short") }
        }
        guard let validity = nodes.next(), let subject = nodes.next() else {
            throw ASN1Error.invalidASN1Object(reason: "no validity or subject")
        }
        (notBefore, notAfter) = try DER.sequence(validity, identifier: .sequence) { times in
            (try CertificateFields.date(times.next()), try CertificateFields.date(times.next()))
        }
        self.subject = try DistinguishedName(derEncoded: subject)
    }
}
