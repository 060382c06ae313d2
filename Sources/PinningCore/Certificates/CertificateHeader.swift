import Foundation
import SwiftASN1
import X509

/// The subject and validity of a certificate, read from its DER without its key, extensions or signature.
///
/// A trust store needs only these to index a few hundred anchors. Parsing each whole (keys through BoringSSL, every
/// extension) cost every command about 4 ms for anchors no path reached; here the two fields are found by their
/// element headers and only they are parsed, strictly, by SwiftASN1. The anchor itself is parsed whole, and its
/// subject compared with this one, before any path uses it.
struct CertificateHeader {
    let subject: DistinguishedName
    let notBefore: Date
    let notAfter: Date

    /// Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { version [0] EXPLICIT OPTIONAL, serialNumber, signature,
    ///   issuer, validity, subject, … }, … }
    init(derEncoded der: [UInt8]) throws {
        let bytes = der[...]
        guard let certificate = DERElement(in: bytes, at: bytes.startIndex), certificate.tag == 0x30,
            certificate.end == bytes.endIndex,
            let (fields, cursor) = DERElement.tbsFields(certificate.content),
            let validity = DERElement.element(3, of: fields, from: cursor), validity.tag == 0x30,
            let subject = DERElement(in: fields, at: validity.end), subject.tag == 0x30
        else { throw ASN1Error.invalidASN1Object(reason: "not a certificate: no validity and subject where expected") }
        (notBefore, notAfter) = try CertificateFields.validity(try DER.parse(validity.encoded(in: fields)))
        self.subject = try DistinguishedName(derEncoded: try DER.parse(subject.encoded(in: fields)))
    }
}
