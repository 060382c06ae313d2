import Crypto
import Foundation
import X509

/// Digests of certificates and keys in the notations pinning tools use.
public enum Fingerprint {
    /// Upper-case colon-separated hex, as `openssl x509 -fingerprint` prints it.
    public static func colonHex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + hex : hex
        }.joined(separator: ":")
    }

    /// base64(SHA-256(bytes)): the 44-character value of an `spki-sha256` or `cert-sha256` pin.
    public static func sha256Base64<Bytes: DataProtocol>(_ bytes: Bytes) -> String {
        Data(SHA256.hash(data: bytes)).base64EncodedString()
    }

    /// The `spki-sha256` pin of a parsed certificate: SHA-256 over its DER SubjectPublicKeyInfo, hashed where the
    /// certificate carries it when that is what re-encoding the key gives (``SubjectPublicKeyInfoLocator``).
    public static func spkiPin(_ certificate: Certificate) -> String {
        if let spki = SubjectPublicKeyInfoLocator.canonicalSubjectPublicKeyInfo(inTBS: certificate.tbsCertificateBytes)
        {
            return sha256Base64(spki)
        }
        return sha256Base64(certificate.publicKey.subjectPublicKeyInfoDER)
    }
}
