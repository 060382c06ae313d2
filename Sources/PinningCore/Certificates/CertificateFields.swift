import Foundation
import SwiftASN1
import X509

/// The fields of a certificate read with SwiftASN1 straight from its DER, for certificates that swift-certificates
/// refuses as a whole (RSA keys under 2048 bits, curves other than P-256, P-384 and P-521): they must still be
/// shown, fingerprinted and pinned, so everything but the key is read with the library's own field types.
struct CertificateFields {
    let serialNumber: ArraySlice<UInt8>
    let signatureAlgorithm: ASN1ObjectIdentifier
    let issuer: DistinguishedName
    let subject: DistinguishedName
    let notBefore: Date
    let notAfter: Date
    /// The DER SubjectPublicKeyInfo exactly as encoded in the certificate: the bytes an `spki-sha256` pin hashes.
    let subjectPublicKeyInfo: [UInt8]
    let extensions: Certificate.Extensions

    /// Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm AlgorithmIdentifier, signature BIT STRING }
    init(derEncoded der: [UInt8]) throws {
        let root = try DER.parse(der)
        var parsed: (tbs: ASN1Node, algorithm: ASN1ObjectIdentifier)?
        try DER.sequence(root, identifier: .sequence) { nodes in
            guard let tbs = nodes.next(), let algorithm = nodes.next(), let signature = nodes.next() else {
                throw ASN1Error.invalidASN1Object(reason: "a certificate has three parts")
            }
            _ = try ASN1BitString(derEncoded: signature)
            parsed = (tbs, try Self.algorithm(algorithm))
        }
        guard let parsed else { throw ASN1Error.invalidASN1Object(reason: "empty certificate") }
        signatureAlgorithm = parsed.algorithm
        var fields:
            (
                serial: ArraySlice<UInt8>, issuer: DistinguishedName, subject: DistinguishedName,
                validity: (Date, Date), key: [UInt8], extensions: [Certificate.Extension]
            )?
        // TBSCertificate ::= SEQUENCE { version [0] EXPLICIT DEFAULT v1, serialNumber, signature, issuer, validity,
        //   subject, subjectPublicKeyInfo, issuerUniqueID [1] OPTIONAL, subjectUniqueID [2] OPTIONAL,
        //   extensions [3] EXPLICIT OPTIONAL }
        try DER.sequence(parsed.tbs, identifier: .sequence) { nodes in
            _ = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { $0 }
            guard let serial = nodes.next(), serial.identifier == .integer, case .primitive(let bytes) = serial.content
            else { throw ASN1Error.invalidASN1Object(reason: "no serial number") }
            guard let innerAlgorithm = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "no algorithm") }
            _ = try Self.algorithm(innerAlgorithm)
            guard let issuerNode = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "no issuer") }
            let issuer = try DistinguishedName(derEncoded: issuerNode)
            guard let validityNode = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "no validity") }
            let validity = try Self.validity(validityNode)
            guard let subjectNode = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "no subject") }
            let subject = try DistinguishedName(derEncoded: subjectNode)
            guard let key = nodes.next(), key.identifier == .sequence else {
                throw ASN1Error.invalidASN1Object(reason: "no subject public key info")
            }
            let uniqueIdentifiers = [1, 2].map { ASN1Identifier(tagWithNumber: $0, tagClass: .contextSpecific) }
            for tag in uniqueIdentifiers {
                _ = try DER.optionalImplicitlyTagged(&nodes, tag: tag) as ASN1BitString?
            }
            let extensions =
                try DER.optionalExplicitlyTagged(&nodes, tagNumber: 3, tagClass: .contextSpecific) { node in
                    try DER.sequence(of: Certificate.Extension.self, identifier: .sequence, rootNode: node)
                } ?? []
            fields = (bytes, issuer, subject, validity, Array(key.encodedBytes), extensions)
        }
        guard let fields else { throw ASN1Error.invalidASN1Object(reason: "empty to-be-signed part") }
        // The INTEGER's content bytes without the sign padding, as swift-certificates and openssl show them.
        var serial = fields.serial
        if serial.count > 1, serial.first == 0, let next = serial.dropFirst().first, next & 0x80 != 0 {
            serial = serial.dropFirst()
        }
        serialNumber = serial
        issuer = fields.issuer
        subject = fields.subject
        (notBefore, notAfter) = fields.validity
        subjectPublicKeyInfo = fields.key
        extensions = try Certificate.Extensions(fields.extensions)
    }

    /// AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }
    private static func algorithm(_ node: ASN1Node) throws -> ASN1ObjectIdentifier {
        guard node.identifier == .sequence, case .constructed(let parts) = node.content,
            let first = parts.first(where: { _ in true })
        else { throw ASN1Error.invalidASN1Object(reason: "not an algorithm identifier") }
        return try ASN1ObjectIdentifier(derEncoded: first)
    }

    /// Validity ::= SEQUENCE { notBefore Time, notAfter Time }
    static func validity(_ node: ASN1Node) throws -> (notBefore: Date, notAfter: Date) {
        try DER.sequence(node, identifier: .sequence) { times in (try date(times.next()), try date(times.next())) }
    }

    /// Time ::= CHOICE { UTCTime, GeneralizedTime }, to the second, as swift-certificates reads it.
    private static func date(_ node: ASN1Node?) throws -> Date {
        guard let node else { throw ASN1Error.invalidASN1Object(reason: "no time") }
        let parts: (year: Int, month: Int, day: Int, hours: Int, minutes: Int, seconds: Int)
        switch node.identifier {
        case .utcTime:
            let time = try UTCTime(derEncoded: node)
            parts = (time.year, time.month, time.day, time.hours, time.minutes, time.seconds)
        case .generalizedTime:
            let time = try GeneralizedTime(derEncoded: node)
            parts = (time.year, time.month, time.day, time.hours, time.minutes, time.seconds)
        default:
            throw ASN1Error.unexpectedFieldType(node.identifier)
        }
        return Date(
            utcYear: parts.year, month: parts.month, day: parts.day, hours: parts.hours, minutes: parts.minutes,
            seconds: parts.seconds)
    }
}

extension CertificateFields {
    /// The name `openssl x509 -text` prints for a signature algorithm, or its OID.
    static func signatureAlgorithmName(_ oid: ASN1ObjectIdentifier) -> String {
        signatureAlgorithmNames[oid] ?? KeyAlgorithmIdentifiers.mlDSA[oid]?.name ?? "\(oid)"
    }

    /// The OID of the signature algorithm in a certificate's DER (the outer one, as `openssl x509 -text` shows it),
    /// without reading the rest: swift-certificates does not expose the OID of an algorithm it has no name for.
    static func signatureAlgorithm(inCertificate der: [UInt8]) -> ASN1ObjectIdentifier? {
        guard let root = try? DER.parse(der), root.identifier == .sequence, case .constructed(let parts) = root.content
        else { return nil }
        var nodes = parts.makeIterator()
        guard nodes.next() != nil, let algorithm = nodes.next() else { return nil }
        return try? Self.algorithm(algorithm)
    }

    private static let signatureAlgorithmNames: [ASN1ObjectIdentifier: String] = [
        [1, 2, 840, 113_549, 1, 1, 2]: "md2WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 4]: "md5WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 5]: "sha1WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 10]: "rsassaPss",
        [1, 2, 840, 113_549, 1, 1, 11]: "sha256WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 12]: "sha384WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 13]: "sha512WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 14]: "sha224WithRSAEncryption",
        [1, 2, 840, 10_045, 4, 1]: "ecdsa-with-SHA1",
        [1, 2, 840, 10_045, 4, 3, 1]: "ecdsa-with-SHA224",
        [1, 2, 840, 10_045, 4, 3, 2]: "ecdsa-with-SHA256",
        [1, 2, 840, 10_045, 4, 3, 3]: "ecdsa-with-SHA384",
        [1, 2, 840, 10_045, 4, 3, 4]: "ecdsa-with-SHA512",
        [1, 2, 840, 10_040, 4, 3]: "dsaWithSHA1",
        [2, 16, 840, 1, 101, 3, 4, 3, 2]: "dsa_with_SHA256",
        [1, 3, 101, 112]: "ED25519",
        [1, 3, 101, 113]: "ED448",
    ]
}
