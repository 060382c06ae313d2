import Crypto
import X509
import _CryptoExtras

/// The algorithm and strength of a certificate's public key, for display and for key-strength rules.
public struct PublicKeyDescription: Hashable, Sendable, Codable {
    public enum Algorithm: String, Hashable, Sendable, Codable {
        case rsa = "RSA"
        case ec = "EC"
        case ed25519 = "Ed25519"
    }

    public let algorithm: Algorithm
    /// RSA modulus bits, or the curve's field size for EC and Ed25519.
    public let bits: Int
    /// The named curve for EC keys (`P-256`, `P-384`, `P-521`).
    public let curve: String?

    public init(_ key: Certificate.PublicKey) {
        if let rsa = _RSA.Signing.PublicKey(key) {
            self.init(algorithm: .rsa, bits: rsa.keySizeInBits, curve: nil)
        } else if P256.Signing.PublicKey(key) != nil {
            self.init(algorithm: .ec, bits: 256, curve: "P-256")
        } else if P384.Signing.PublicKey(key) != nil {
            self.init(algorithm: .ec, bits: 384, curve: "P-384")
        } else if P521.Signing.PublicKey(key) != nil {
            self.init(algorithm: .ec, bits: 521, curve: "P-521")
        } else {
            self.init(algorithm: .ed25519, bits: 256, curve: nil)
        }
    }

    public init(algorithm: Algorithm, bits: Int, curve: String?) {
        self.algorithm = algorithm
        self.bits = bits
        self.curve = curve
    }

    /// `RSA 2048`, `EC P-256`, `Ed25519`.
    public var summary: String {
        switch algorithm {
        case .rsa: return "RSA \(bits)"
        case .ec: return "EC \(curve ?? "\(bits)-bit")"
        case .ed25519: return "Ed25519"
        }
    }
}
