import Crypto
import Foundation
import SwiftASN1
import X509

/// Checks an embedded SCT's signature (RFC 6962 §3.2): the log signed the precertificate entry, which is the
/// issuer's key hash and the leaf's TBSCertificate without the SCT list extension.
public enum SCTVerifier {
    public enum Result: Hashable, Sendable {
        case valid(CTLogList.Log)
        /// No log of the list has this ID.
        case unknownLog
        case invalidSignature(CTLogList.Log)
        /// The signature uses an algorithm other than ECDSA or RSA with SHA-256.
        case unsupportedAlgorithm
        /// The timestamp is later than the validation time (a log cannot have seen the future).
        case futureTimestamp

        public var isValid: Bool {
            if case .valid = self { return true }
            return false
        }
    }

    public static func verify(
        _ sct: SignedCertificateTimestamp, leaf: Certificate, issuer: Certificate, logs: CTLogList, at time: Date
    ) -> Result {
        guard let log = logs.log(id: sct.logID) else { return .unknownLog }
        guard sct.timestamp <= time.addingTimeInterval(300) else { return .futureTimestamp }
        let signed = DigitallySigned(
            hashAlgorithm: sct.hashAlgorithm, signatureAlgorithm: sct.signatureAlgorithm, signature: sct.signature)
        guard signed.algorithm != nil else { return .unsupportedAlgorithm }
        guard let data = try? signedData(sct, leaf: leaf, issuer: issuer), signed.isValid(for: data, byKey: log.key)
        else { return .invalidSignature(log) }
        return .valid(log)
    }

    /// `digitally-signed struct { Version; SignatureType certificate_timestamp; uint64 timestamp; LogEntryType
    /// precert_entry; PreCert { issuer_key_hash[32]; TBSCertificate<1..2^24-1> }; CtExtensions<0..2^16-1> }`.
    public static func signedData(
        _ sct: SignedCertificateTimestamp, leaf: Certificate, issuer: Certificate
    ) throws -> [UInt8] {
        let tbs = try tbsWithoutSCTList(leaf)
        var bytes: [UInt8] = [sct.version, 0]
        bytes += bigEndian(sct.timestampMilliseconds, width: 8)
        bytes += [0, 1]  // precert_entry
        bytes += Array(SHA256.hash(data: issuer.publicKey.subjectPublicKeyInfoDER))
        bytes += bigEndian(UInt64(tbs.count), width: 3) + tbs
        bytes += bigEndian(UInt64(sct.extensions.count), width: 2) + sct.extensions
        return bytes
    }

    /// The leaf's TBSCertificate re-encoded without the embedded SCT list extension: what the log saw as the
    /// precertificate (less the poison extension, which is removed the same way).
    public static func tbsWithoutSCTList(_ leaf: Certificate) throws -> [UInt8] {
        let root = try DER.parse(leaf.tbsCertificateBytes)
        guard case .constructed(let fields) = root.content else {
            throw SCTParseError("the TBSCertificate is not a SEQUENCE")
        }
        let extensionsTag = ASN1Identifier(tagWithNumber: 3, tagClass: .contextSpecific)
        var serializer = DER.Serializer()
        serializer.appendConstructedNode(identifier: .sequence) { tbs in
            for field in fields {
                guard field.identifier == extensionsTag, case .constructed(let wrapped) = field.content,
                    let list = wrapped.first(where: { _ in true }), case .constructed(let extensions) = list.content
                else {
                    tbs.serializeRawBytes(field.encodedBytes)
                    continue
                }
                tbs.appendConstructedNode(identifier: extensionsTag) { explicit in
                    explicit.appendConstructedNode(identifier: .sequence) { kept in
                        for item in extensions where !isSCTList(item) { kept.serializeRawBytes(item.encodedBytes) }
                    }
                }
            }
        }
        return serializer.serializedBytes
    }

    private static func isSCTList(_ node: ASN1Node) -> Bool {
        guard case .constructed(let parts) = node.content, let first = parts.first(where: { _ in true }) else {
            return false
        }
        return (try? ASN1ObjectIdentifier(derEncoded: first)) == SignedCertificateTimestamp.extensionID
    }

    private static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
