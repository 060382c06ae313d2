import Crypto
import Foundation
import LabPKI
import PinningCore
import SwiftASN1
import X509

/// The lab's own Certificate Transparency logs: P-256 keys generated at start, which sign SCTs for the
/// `ct-logged` leaf. Their log list (the public list's JSON format) is what `--ct-log-list` reads for the lab.
struct LabCTLogs {
    let keys: [P256.Signing.PrivateKey]
    let list: CTLogList

    init(count: Int = 2) {
        keys = (0..<count).map { _ in P256.Signing.PrivateKey() }
        list = CTLogList(
            logs: keys.enumerated().map { index, key in
                let spki = Array(key.publicKey.derRepresentation)
                return CTLogList.Log(
                    description: "PinBench Lab Log \(Character(UnicodeScalar(UInt8(65 + index))))",
                    operatorName: "PinBench Lab", logID: Array(SHA256.hash(data: spki)), key: spki,
                    url: "https://ct.pinbench.test/log\(index)/", state: "usable")
            })
    }

    /// `precertificate` reissued with an SCT from each log embedded: the SCTs sign the precertificate's TBS, which
    /// is the final certificate's TBS less the SCT list extension (RFC 6962 §3.2).
    func logged(
        _ precertificate: IssuedCertificate, issuer: IssuedCertificate, at time: Date
    ) throws
        -> IssuedCertificate
    {
        let milliseconds = UInt64(time.timeIntervalSince1970 * 1000)
        let timestamps = try zip(keys, list.logs).map { key, log in
            let unsigned = SignedCertificateTimestamp(logID: log.logID, timestampMilliseconds: milliseconds)
            let signed = try SCTVerifier.signedData(
                unsigned, leaf: precertificate.certificate, issuer: issuer.certificate)
            return SignedCertificateTimestamp(
                logID: log.logID, timestampMilliseconds: milliseconds,
                signature: Array(try key.signature(for: signed).derRepresentation))
        }
        var serializer = DER.Serializer()
        try serializer.serialize(
            ASN1OctetString(contentBytes: ArraySlice(SignedCertificateTimestamp.encodeList(timestamps))))
        let sctExtension = Certificate.Extension(
            oid: SignedCertificateTimestamp.extensionID, critical: false, value: ArraySlice(serializer.serializedBytes))
        return try CertificateIssuer.reissue(precertificate, appending: sctExtension, issuer: issuer)
    }
}
