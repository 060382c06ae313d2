import Crypto
import Foundation
import SwiftASN1
import X509

/// Judges an OCSP response for one leaf: is it about this leaf, signed by its issuer (or a responder the issuer
/// delegated to with the OCSPSigning usage), current, and what does it say. Pure: bytes and certificates in, a
/// ``RevocationCheck`` out.
public enum OCSPResponseJudge {
    /// How far thisUpdate may lie in the future and nextUpdate in the past (clocks differ).
    public static let clockSkew: TimeInterval = 5 * 60

    public static func judge(
        _ der: [UInt8], leaf: Certificate, issuer: Certificate, at time: Date, source: RevocationCheck.Source
    ) -> RevocationCheck {
        let response: ParsedOCSPResponse
        do {
            response = try ParsedOCSPResponse(derEncoded: der)
        } catch {
            return RevocationCheck(source: source, outcome: .unusable(.malformed(error.description)))
        }
        guard response.status == .successful else {
            return RevocationCheck(source: source, outcome: .unusable(.notSuccessful(response.status)))
        }
        let responder = response.responderID.map(describe)
        func unusable(_ problem: OCSPProblem) -> RevocationCheck {
            RevocationCheck(source: source, outcome: .unusable(problem), responder: responder)
        }
        guard let single = response.responses.first(where: { isAbout($0.certificateID, leaf: leaf, issuer: issuer) })
        else { return unusable(.noResponseForLeaf) }
        guard let signer = signer(of: response, issuer: issuer, at: time) else { return unusable(.unauthorizedSigner) }
        guard let algorithm = response.signatureAlgorithm.flatMap(signatureAlgorithm),
            signer.publicKey.isValidSignature(
                response.signature, for: response.signedBytes, signatureAlgorithm: algorithm)
        else { return unusable(.badSignature) }
        if single.thisUpdate > time.addingTimeInterval(clockSkew) {
            return unusable(.notYetValid(thisUpdate: single.thisUpdate))
        }
        if let next = single.nextUpdate, next < time.addingTimeInterval(-clockSkew) {
            return unusable(.expired(nextUpdate: next))
        }
        let outcome: RevocationCheck.Outcome
        switch single.status {
        case .good: outcome = .good(thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate)
        case .revoked(let at, let reason): outcome = .revoked(at: at, reason: reason)
        case .unknown: outcome = .unknown
        }
        return RevocationCheck(source: source, outcome: outcome, responder: responder)
    }

    static let sha1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
    static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]

    /// CertID matching (RFC 6960 §4.1.1): the hashes of the issuer's DN and public key bits, and the serial.
    static func isAbout(_ id: ParsedOCSPResponse.CertificateID, leaf: Certificate, issuer: Certificate) -> Bool {
        guard Array(leaf.serialNumber.bytes) == id.serialNumber, let key = keyBits(issuer) else { return false }
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(issuer.subject)) != nil else { return false }
        let name = serializer.serializedBytes
        switch id.hashAlgorithm {
        case sha1:
            return Array(Insecure.SHA1.hash(data: name)) == id.issuerNameHash
                && Array(Insecure.SHA1.hash(data: key)) == id.issuerKeyHash
        case sha256:
            return Array(SHA256.hash(data: name)) == id.issuerNameHash
                && Array(SHA256.hash(data: key)) == id.issuerKeyHash
        default:
            return false
        }
    }

    /// The issuer, or a certificate in the response that the issuer signed for OCSP signing and that is valid at
    /// `time`; the one the responder ID names.
    static func signer(of response: ParsedOCSPResponse, issuer: Certificate, at time: Date) -> Certificate? {
        let delegated = response.certificates.filter { candidate in
            candidate.issuer == issuer.subject
                && issuer.publicKey.isValidSignature(candidate.signature, for: candidate)
                && candidate.notValidBefore <= time && time <= candidate.notValidAfter
                && ((try? candidate.extensions.extendedKeyUsage)??.contains(.ocspSigning) ?? false)
        }
        return ([issuer] + delegated).first { candidate in
            switch response.responderID {
            case .name(let name)?: return candidate.subject == name
            case .keyHash(let hash)?: return keyBits(candidate).map { Array(Insecure.SHA1.hash(data: $0)) } == hash
            case nil: return false
            }
        }
    }

    /// The subjectPublicKey BIT STRING's bytes of a certificate's SubjectPublicKeyInfo.
    static func keyBits(_ certificate: Certificate) -> [UInt8]? {
        try? DER.sequence(DER.parse(certificate.publicKey.subjectPublicKeyInfoDER), identifier: .sequence) { nodes in
            _ = nodes.next()
            return Array(try ASN1BitString(derEncoded: &nodes).bytes)
        }
    }

    static func signatureAlgorithm(_ oid: ASN1ObjectIdentifier) -> Certificate.SignatureAlgorithm? {
        let known: [ASN1ObjectIdentifier: Certificate.SignatureAlgorithm] = [
            [1, 2, 840, 10045, 4, 3, 2]: .ecdsaWithSHA256, [1, 2, 840, 10045, 4, 3, 3]: .ecdsaWithSHA384,
            [1, 2, 840, 10045, 4, 3, 4]: .ecdsaWithSHA512, [1, 2, 840, 113549, 1, 1, 5]: .sha1WithRSAEncryption,
            [1, 2, 840, 113549, 1, 1, 11]: .sha256WithRSAEncryption,
            [1, 2, 840, 113549, 1, 1, 12]: .sha384WithRSAEncryption,
            [1, 2, 840, 113549, 1, 1, 13]: .sha512WithRSAEncryption, [1, 3, 101, 112]: .ed25519,
        ]
        return known[oid]
    }

    private static func describe(_ id: ParsedOCSPResponse.ResponderID) -> String {
        switch id {
        case .name(let name): return name.opensslString
        case .keyHash(let hash): return "key " + hash.map { String(format: "%02X", $0) }.joined(separator: ":")
        }
    }
}
