import SwiftASN1

/// The key and signature algorithms ATS judges, by OID, with the names OpenSSL prints for them.
enum ATSAlgorithms {
    static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 1]
    static let rsassaPSS: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 10]
    static let ecPublicKey: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 2, 1]
    static let ed25519: ASN1ObjectIdentifier = [1, 3, 101, 112]
    static let ed448: ASN1ObjectIdentifier = [1, 3, 101, 113]

    static let keyNames: [ASN1ObjectIdentifier: String] = [
        [1, 2, 840, 10_040, 4, 1]: "DSA",
        [1, 2, 840, 10_046, 2, 1]: "DH",
        [1, 3, 101, 110]: "X25519",
        [1, 3, 101, 111]: "X448",
    ]

    /// Named curves with OpenSSL's (NIST) names and their sizes in bits.
    static let curves: [ASN1ObjectIdentifier: (name: String, bits: Int)] = [
        [1, 2, 840, 10_045, 3, 1, 1]: ("P-192", 192),
        [1, 3, 132, 0, 33]: ("P-224", 224),
        [1, 2, 840, 10_045, 3, 1, 7]: ("P-256", 256),
        [1, 3, 132, 0, 34]: ("P-384", 384),
        [1, 3, 132, 0, 35]: ("P-521", 521),
        [1, 3, 132, 0, 10]: ("secp256k1", 256),
    ]

    /// The curve of an EC key: by name when known, else sized from the encoded point (04 || X || Y, or 02/03 || X).
    static func curve(_ oid: ASN1ObjectIdentifier?, point: ArraySlice<UInt8>) -> (name: String, bits: Int) {
        if let oid, let known = curves[oid] { return known }
        let coordinate = point.first == 0x04 ? (point.count - 1) / 2 : point.count - 1
        return (oid.map { "curve \($0)" } ?? "explicit curve", max(0, coordinate) * 8)
    }

    /// Signatures ATS accepts: RSA PKCS#1 or ECDSA over SHA-256 or better, and Ed25519.
    static let strongSignatures: Set<ASN1ObjectIdentifier> = [
        [1, 2, 840, 113_549, 1, 1, 11],  // sha256WithRSAEncryption
        [1, 2, 840, 113_549, 1, 1, 12],  // sha384WithRSAEncryption
        [1, 2, 840, 113_549, 1, 1, 13],  // sha512WithRSAEncryption
        [1, 2, 840, 10_045, 4, 3, 2],  // ecdsa-with-SHA256
        [1, 2, 840, 10_045, 4, 3, 3],  // ecdsa-with-SHA384
        [1, 2, 840, 10_045, 4, 3, 4],  // ecdsa-with-SHA512
        [1, 3, 101, 112],  // Ed25519
    ]

    /// Signatures over a broken or short digest, named by digest first ("SHA-1 (sha1WithRSAEncryption)").
    static let weakSignatures: [ASN1ObjectIdentifier: String] = [
        [1, 2, 840, 113_549, 1, 1, 2]: "MD2 (md2WithRSAEncryption)",
        [1, 2, 840, 113_549, 1, 1, 4]: "MD5 (md5WithRSAEncryption)",
        [1, 2, 840, 113_549, 1, 1, 5]: "SHA-1 (sha1WithRSAEncryption)",
        [1, 3, 14, 3, 2, 29]: "SHA-1 (sha1WithRSA)",
        [1, 2, 840, 10_045, 4, 1]: "SHA-1 (ecdsa-with-SHA1)",
        [1, 2, 840, 10_040, 4, 3]: "SHA-1 (dsaWithSHA1)",
        [1, 2, 840, 113_549, 1, 1, 14]: "SHA-224 (sha224WithRSAEncryption)",
        [1, 2, 840, 10_045, 4, 3, 1]: "SHA-224 (ecdsa-with-SHA224)",
    ]
}
