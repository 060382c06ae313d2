import SwiftASN1

/// The public-key algorithms and named curves read from a SubjectPublicKeyInfo, by OID, with the names OpenSSL
/// prints: one table for the key descriptions that are shown and pinned (``PublicKeyDescription``) and for ATS's
/// key-strength rule, so the two never name or size a key differently.
package enum KeyAlgorithmIdentifiers {
    package static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 1]
    package static let rsassaPSS: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 10]
    package static let ecPublicKey: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 2, 1]
    package static let ed25519: ASN1ObjectIdentifier = [1, 3, 101, 112]
    package static let ed448: ASN1ObjectIdentifier = [1, 3, 101, 113]
    package static let dsa: ASN1ObjectIdentifier = [1, 2, 840, 10_040, 4, 1]

    /// ML-DSA (FIPS 204) as RFC 9881 names it in certificates, for keys and signatures alike: each parameter set's
    /// name and the exact size of its public key in bytes.
    package static let mlDSA: [ASN1ObjectIdentifier: (name: String, publicKeyBytes: Int)] = [
        [2, 16, 840, 1, 101, 3, 4, 3, 17]: ("ML-DSA-44", 1_312),
        [2, 16, 840, 1, 101, 3, 4, 3, 18]: ("ML-DSA-65", 1_952),
        [2, 16, 840, 1, 101, 3, 4, 3, 19]: ("ML-DSA-87", 2_592),
    ]

    /// Named curves with the names OpenSSL prints (NIST names where there are some) and their sizes in bits.
    package static let curves: [ASN1ObjectIdentifier: (name: String, bits: Int)] = [
        [1, 2, 840, 10_045, 3, 1, 1]: ("P-192", 192),
        [1, 3, 132, 0, 33]: ("P-224", 224),
        [1, 2, 840, 10_045, 3, 1, 7]: ("P-256", 256),
        [1, 3, 132, 0, 34]: ("P-384", 384),
        [1, 3, 132, 0, 35]: ("P-521", 521),
        [1, 3, 132, 0, 10]: ("secp256k1", 256),
        [1, 3, 36, 3, 3, 2, 8, 1, 1, 7]: ("brainpoolP256r1", 256),
        [1, 3, 36, 3, 3, 2, 8, 1, 1, 11]: ("brainpoolP384r1", 384),
        [1, 3, 36, 3, 3, 2, 8, 1, 1, 13]: ("brainpoolP512r1", 512),
    ]

    /// The field size of an uncompressed (04 || X || Y) or compressed (02/03 || X) point: the size of a curve that
    /// has no name here.
    package static func pointBits(_ point: ArraySlice<UInt8>) -> Int {
        let coordinate = point.first == 0x04 ? (point.count - 1) / 2 : point.count - 1
        return max(0, coordinate) * 8
    }

    /// The size in bits of the unsigned value of a DER INTEGER's content octets (an RSA modulus, a DSA prime).
    package static func integerBits(_ bytes: ArraySlice<UInt8>) -> Int {
        let significant = bytes.drop { $0 == 0 }
        guard let first = significant.first else { return 0 }
        return (significant.count - 1) * 8 + (8 - first.leadingZeroBitCount)
    }
}
