import Crypto
import X509
import _CryptoExtras

/// The key algorithms the lab can issue certificates for; RSA sizes and EC curves that pinning tools meet in practice.
public enum KeyKind: Hashable, Sendable, CustomStringConvertible {
    case rsa(bits: Int)
    case p256
    case p384
    case p521
    case ed25519

    public var description: String {
        switch self {
        case .rsa(let bits): return "RSA \(bits)"
        case .p256: return "EC P-256"
        case .p384: return "EC P-384"
        case .p521: return "EC P-521"
        case .ed25519: return "Ed25519"
        }
    }

    /// The signature algorithm a certificate signed with a key of this kind uses.
    var signatureAlgorithm: Certificate.SignatureAlgorithm {
        switch self {
        case .rsa: return .sha256WithRSAEncryption
        case .p256: return .ecdsaWithSHA256
        case .p384: return .ecdsaWithSHA384
        case .p521: return .ecdsaWithSHA512
        case .ed25519: return .ed25519
        }
    }
}

/// A freshly generated private key together with its PEM form, so that OpenSSL-based servers can load it.
public struct LabKey: Sendable {
    public let kind: KeyKind
    public let privateKey: Certificate.PrivateKey
    /// PKCS#8 (or PKCS#1 for RSA) PEM text of the private key.
    public let privateKeyPEM: String

    public var publicKey: Certificate.PublicKey { privateKey.publicKey }

    /// Generates a new key. RSA sizes below 2048 bits are refused by swift-crypto.
    public init(_ kind: KeyKind) throws {
        self.kind = kind
        switch kind {
        case .rsa(let bits):
            let key = try _RSA.Signing.PrivateKey(keySize: .init(bitCount: bits))
            privateKey = Certificate.PrivateKey(key)
            privateKeyPEM = key.pemRepresentation
        case .p256:
            let key = P256.Signing.PrivateKey()
            privateKey = Certificate.PrivateKey(key)
            privateKeyPEM = key.pemRepresentation
        case .p384:
            let key = P384.Signing.PrivateKey()
            privateKey = Certificate.PrivateKey(key)
            privateKeyPEM = key.pemRepresentation
        case .p521:
            let key = P521.Signing.PrivateKey()
            privateKey = Certificate.PrivateKey(key)
            privateKeyPEM = key.pemRepresentation
        case .ed25519:
            let key = Curve25519.Signing.PrivateKey()
            privateKey = Certificate.PrivateKey(key)
            privateKeyPEM = try key.pemRepresentationPKCS8()
        }
    }
}

extension Curve25519.Signing.PrivateKey {
    /// PKCS#8 PEM for an Ed25519 key (RFC 8410): swift-crypto has no PEM for Curve25519 keys.
    fileprivate func pemRepresentationPKCS8() throws -> String {
        // PrivateKeyInfo ::= SEQUENCE { version 0, AlgorithmIdentifier { id-Ed25519 },
        //     OCTET STRING { OCTET STRING key } }
        let prefix: [UInt8] = [
            0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
        ]
        let der = prefix + Array(rawRepresentation)
        return PEMDocumentText(type: "PRIVATE KEY", der: der).text
    }
}
