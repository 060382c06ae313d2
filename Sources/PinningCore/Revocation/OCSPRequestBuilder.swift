import Crypto
import Foundation
import SwiftASN1
import X509

/// Builds the OCSP request for a leaf (RFC 6960 §4.1, SHA-1 CertID as RFC 5019 asks of lightweight responders) and
/// finds where to send it: the leaf's AIA OCSP responder.
public enum OCSPRequestBuilder {
    /// `OCSPRequest ::= SEQUENCE { tbsRequest SEQUENCE { requestList SEQUENCE OF Request { reqCert CertID } } }`,
    /// unsigned and without a nonce (most responders ignore nonces; a nonce would defeat their caching).
    public static func request(leaf: Certificate, issuer: Certificate) throws -> [UInt8] {
        guard let key = OCSPResponseJudge.keyBits(issuer) else {
            throw OCSPParseError("the issuer's public key cannot be read")
        }
        var name = DER.Serializer()
        try name.serialize(issuer.subject)
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { request in
            try request.appendConstructedNode(identifier: .sequence) { tbs in
                try tbs.appendConstructedNode(identifier: .sequence) { list in
                    try list.appendConstructedNode(identifier: .sequence) { single in
                        try single.appendConstructedNode(identifier: .sequence) { certID in
                            try certID.appendConstructedNode(identifier: .sequence) { algorithm in
                                try algorithm.serialize(OCSPResponseJudge.sha1)
                                try algorithm.serialize(ASN1Null())
                            }
                            try certID.serialize(
                                ASN1OctetString(
                                    contentBytes: ArraySlice(Insecure.SHA1.hash(data: name.serializedBytes))))
                            try certID.serialize(
                                ASN1OctetString(contentBytes: ArraySlice(Insecure.SHA1.hash(data: key))))
                            try certID.serialize(leaf.serialNumber.bytes)
                        }
                    }
                }
            }
        }
        return serializer.serializedBytes
    }

    /// The first `http://` OCSP responder in the leaf's Authority Information Access extension. Responders are
    /// plain HTTP by design (the response is signed); other schemes are not followed.
    public static func responderURL(of leaf: Certificate) -> String? {
        guard let access = try? leaf.extensions.authorityInformationAccess else { return nil }
        for description in access where description.method == .ocspServer {
            if case .uniformResourceIdentifier(let uri) = description.location, uri.lowercased().hasPrefix("http://") {
                return uri
            }
        }
        return nil
    }
}
