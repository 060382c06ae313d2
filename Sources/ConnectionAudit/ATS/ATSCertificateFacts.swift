import PinningCore
import SwiftASN1
import X509

/// What ATS looks at in one certificate, read straight from its DER.
///
/// Not from a parsed `Certificate`: swift-certificates refuses RSA keys under 2048 bits, curves other than P-256,
/// P-384 and P-521, and SHA-1 ECDSA or MD5 signatures, which are exactly the certificates ATS must name.
struct ATSCertificateFacts {
    /// The public key: "RSA" with its modulus size, an EC curve with its size, or another algorithm.
    let key: ATSKeyAlgorithm
    /// The OID of the algorithm the issuer signed with.
    let signatureAlgorithm: ASN1ObjectIdentifier
    /// Subject and issuer are the same name (a root, or a self-signed leaf).
    let isSelfIssued: Bool
    /// The subject, read into words only when a finding names it.
    private let subjectNode: ASN1Node

    /// The subject as `openssl x509 -subject` prints it.
    var subject: String {
        (try? DistinguishedName(derEncoded: subjectNode).opensslString) ?? "(unreadable name)"
    }

    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    init(derEncoded der: [UInt8]) throws {
        let certificate = try Self.children(of: try DER.parse(der), count: 3, "the certificate")
        let tbs = try Self.children(of: certificate[0], count: 6, "the to-be-signed part")
        // An explicit [0] version comes first in v2 and v3 certificates; v1 certificates leave it out.
        let fields =
            tbs[0].identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
            ? Array(tbs.dropFirst()) : tbs
        guard fields.count >= 6 else { throw Unreadable(description: "the to-be-signed part is too short") }
        let (issuer, subject, publicKeyInfo) = (fields[2], fields[4], fields[5])
        signatureAlgorithm = try Self.algorithm(of: certificate[1]).oid
        isSelfIssued = issuer.encodedBytes == subject.encodedBytes
        subjectNode = subject
        key = try Self.key(publicKeyInfo)
    }

    /// SubjectPublicKeyInfo ::= SEQUENCE { AlgorithmIdentifier, BIT STRING }
    private static func key(_ node: ASN1Node) throws -> ATSKeyAlgorithm {
        let parts = try children(of: node, count: 2, "the public key info")
        let (oid, parameters) = try algorithm(of: parts[0])
        let bits = try ASN1BitString(derEncoded: parts[1]).bytes
        switch oid {
        case KeyAlgorithmIdentifiers.rsaEncryption, KeyAlgorithmIdentifiers.rsassaPSS:
            // RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
            let numbers = try children(of: try DER.parse(bits), count: 2, "the RSA key")
            guard case .primitive(let modulus) = numbers[0].content else {
                throw Unreadable(description: "the RSA modulus is not an integer")
            }
            return .rsa(bits: KeyAlgorithmIdentifiers.integerBits(modulus))
        case KeyAlgorithmIdentifiers.ecPublicKey:
            let curve = try parameters.map { try ASN1ObjectIdentifier(derEncoded: $0) }
            let (name, size) = ATSAlgorithms.curve(curve, point: bits)
            return .ellipticCurve(name: name, bits: size)
        case KeyAlgorithmIdentifiers.ed25519:
            return .ellipticCurve(name: "Ed25519", bits: 256)
        case KeyAlgorithmIdentifiers.ed448:
            return .ellipticCurve(name: "Ed448", bits: 448)
        default:
            return .other(name: ATSAlgorithms.keyNames[oid] ?? "\(oid)")
        }
    }

    /// AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }
    private static func algorithm(of node: ASN1Node) throws -> (oid: ASN1ObjectIdentifier, parameters: ASN1Node?) {
        let parts = try children(of: node, count: 1, "an algorithm identifier")
        return (try ASN1ObjectIdentifier(derEncoded: parts[0]), parts.count > 1 ? parts[1] : nil)
    }

    /// The elements of a SEQUENCE, at least `count` of them.
    private static func children(of node: ASN1Node, count: Int, _ what: String) throws -> [ASN1Node] {
        guard node.identifier == .sequence, case .constructed(let nodes) = node.content else {
            throw Unreadable(description: "\(what) is not a SEQUENCE")
        }
        let children = Array(nodes)
        guard children.count >= count else { throw Unreadable(description: "\(what) is too short") }
        return children
    }
}

/// A certificate's key as far as ATS cares.
enum ATSKeyAlgorithm {
    case rsa(bits: Int)
    case ellipticCurve(name: String, bits: Int)
    case other(name: String)
}
