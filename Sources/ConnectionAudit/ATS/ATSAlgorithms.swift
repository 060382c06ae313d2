import PinningCore
import SwiftASN1

/// The key and signature algorithms ATS judges, by OID, with the names OpenSSL prints for them (the key algorithms
/// and curves themselves are ``KeyAlgorithmIdentifiers``).
enum ATSAlgorithms {
    /// Key algorithms ATS names but does not accept.
    static let keyNames: [ASN1ObjectIdentifier: String] = [
        [1, 2, 840, 10_040, 4, 1]: "DSA",
        [1, 2, 840, 10_046, 2, 1]: "DH",
        [1, 3, 101, 110]: "X25519",
        [1, 3, 101, 111]: "X448",
    ]

    /// The curve of an EC key: by name when known, else sized from the encoded point (04 || X || Y, or 02/03 || X).
    static func curve(_ oid: ASN1ObjectIdentifier?, point: ArraySlice<UInt8>) -> (name: String, bits: Int) {
        if let oid, let known = KeyAlgorithmIdentifiers.curves[oid] { return known }
        return (oid.map { "curve \($0)" } ?? "explicit curve", KeyAlgorithmIdentifiers.pointBits(point))
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
