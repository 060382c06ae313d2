import SwiftASN1
import X509

/// The algorithm and strength of a certificate's public key, for display and for key-strength rules.
///
/// Read from the DER SubjectPublicKeyInfo, so keys that swift-certificates refuses (RSA under 2048 bits, curves other
/// than P-256, P-384 and P-521) are still described, and ``refusal`` says why clients will not use them.
public struct PublicKeyDescription: Hashable, Sendable, Codable {
    public enum Algorithm: String, Hashable, Sendable, Codable {
        case rsa = "RSA"
        case ec = "EC"
        case ed25519 = "Ed25519"
        case ed448 = "Ed448"
        case dsa = "DSA"
        /// ML-DSA (FIPS 204, RFC 9881); `curve` holds the parameter set ("ML-DSA-65"), `bits` the public key's size.
        case mlDSA = "ML-DSA"
        /// An algorithm this description does not know; `curve` holds its OID.
        case other
    }

    public let algorithm: Algorithm
    /// RSA modulus bits, or the curve's field size for EC and EdDSA (0 when unknown).
    public let bits: Int
    /// The named curve for EC keys (`P-256`, `P-384`, `P-521`, `secp256k1`, `brainpoolP256r1`, ...), or the OID of
    /// an algorithm of kind `other`.
    public let curve: String?

    /// Describes a key the X.509 library has parsed.
    public init(_ key: Certificate.PublicKey) {
        self.init(subjectPublicKeyInfo: key.subjectPublicKeyInfoDER)
    }

    /// Describes the key of a DER SubjectPublicKeyInfo; a structure it cannot read is described as `other`.
    public init(subjectPublicKeyInfo der: [UInt8]) {
        self = (try? Self.read(der)) ?? Self(algorithm: .other, bits: 0, curve: nil)
    }

    public init(algorithm: Algorithm, bits: Int, curve: String?) {
        self.algorithm = algorithm
        self.bits = bits
        self.curve = curve
    }

    /// `RSA 2048`, `EC P-256`, `Ed25519`, `EC secp256k1`, `DSA 1024`.
    public var summary: String {
        switch algorithm {
        case .rsa: return "RSA \(bits)"
        case .ec: return "EC \(curve ?? "\(bits)-bit")"
        case .ed25519: return "Ed25519"
        case .ed448: return "Ed448"
        case .dsa: return "DSA \(bits)"
        case .mlDSA: return curve ?? "ML-DSA"
        case .other: return "key algorithm \(curve ?? "unreadable")"
        }
    }

    /// Why TLS clients (and swift-certificates) refuse this key, in words; nil for keys they accept.
    public var refusal: String? {
        switch algorithm {
        case .rsa where bits < Self.minimumRSABits:
            return "RSA key of \(bits) bits; clients require at least \(Self.minimumRSABits)"
        case .ec where !Self.acceptedCurves.contains(curve ?? ""):
            return "EC key on curve \(curve ?? "unknown"); clients accept only P-256, P-384 and P-521"
        case .dsa:
            return "DSA key; clients no longer accept DSA certificates"
        case .ed448:
            return "Ed448 key; clients do not accept Ed448 certificates"
        case .mlDSA:
            return "\(curve ?? "ML-DSA") key (RFC 9881); its pins are read, but TLS clients do not accept ML-DSA "
                + "certificates yet and swift-certificates cannot verify their signatures"
        case .other:
            return "key of algorithm \(curve ?? "(unreadable)"), which clients do not support"
        case .rsa, .ec, .ed25519:
            return nil
        }
    }

    static let minimumRSABits = 2048
    static let acceptedCurves: Set<String> = ["P-256", "P-384", "P-521"]

    /// SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING }
    private static func read(_ der: [UInt8]) throws -> Self {
        try DER.sequence(try DER.parse(der), identifier: .sequence) { nodes in
            guard let algorithm = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "no algorithm") }
            let (oid, parameters) = try DER.sequence(algorithm, identifier: .sequence) { parts in
                let oid = try ASN1ObjectIdentifier(derEncoded: &parts)
                let parameters = parts.next()
                return (oid, parameters)
            }
            let key = try ASN1BitString(derEncoded: &nodes).bytes
            switch oid {
            case KeyAlgorithmIdentifiers.rsaEncryption, KeyAlgorithmIdentifiers.rsassaPSS:
                return Self(algorithm: .rsa, bits: try rsaModulusBits(key), curve: nil)
            case KeyAlgorithmIdentifiers.ecPublicKey:
                let named = try parameters.map { try ASN1ObjectIdentifier(derEncoded: $0) }
                let curve = named.flatMap { KeyAlgorithmIdentifiers.curves[$0] }
                let name = curve?.name ?? named.map { "\($0)" } ?? "explicit parameters"
                return Self(algorithm: .ec, bits: curve?.bits ?? KeyAlgorithmIdentifiers.pointBits(key), curve: name)
            case KeyAlgorithmIdentifiers.ed25519:
                return Self(algorithm: .ed25519, bits: 256, curve: nil)
            case KeyAlgorithmIdentifiers.ed448:
                return Self(algorithm: .ed448, bits: 448, curve: nil)
            case KeyAlgorithmIdentifiers.dsa:
                return Self(algorithm: .dsa, bits: (try? dsaPrimeBits(parameters)) ?? 0, curve: nil)
            case let oid where KeyAlgorithmIdentifiers.mlDSA[oid] != nil:
                // RFC 9881: no parameters, and a public key of exactly the parameter set's size.
                let set = KeyAlgorithmIdentifiers.mlDSA[oid]!
                guard parameters == nil, key.count == set.publicKeyBytes else {
                    return Self(algorithm: .other, bits: 0, curve: "\(oid) (a malformed \(set.name) key)")
                }
                return Self(algorithm: .mlDSA, bits: key.count * 8, curve: set.name)
            default:
                return Self(algorithm: .other, bits: 0, curve: "\(oid)")
            }
        }
    }

    /// RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
    private static func rsaModulusBits(_ key: ArraySlice<UInt8>) throws -> Int {
        try DER.sequence(try DER.parse(key), identifier: .sequence) { numbers in
            guard let modulus = numbers.next(), case .primitive(let bytes) = modulus.content else {
                throw ASN1Error.invalidASN1Object(reason: "no RSA modulus")
            }
            _ = numbers.next()
            return KeyAlgorithmIdentifiers.integerBits(bytes)
        }
    }

    /// Dss-Parms ::= SEQUENCE { p INTEGER, q INTEGER, g INTEGER }: the size of p.
    private static func dsaPrimeBits(_ parameters: ASN1Node?) throws -> Int {
        guard let parameters, case .constructed(let numbers) = parameters.content,
            let prime = numbers.first(where: { _ in true }), case .primitive(let bytes) = prime.content
        else { return 0 }
        return KeyAlgorithmIdentifiers.integerBits(bytes)
    }
}
