import Foundation
import SwiftASN1
import X509

/// An OCSP response (RFC 6960 §4.2) read with SwiftASN1: what a server staples or a responder answers.
///
/// swift-certificates parses OCSP only inside its verifier policy, with its types internal and its findings as text;
/// a verdict that names the revocation time and reason needs the fields, so they are read here, bounded: at most
/// ``maximumBytes`` of DER, ``maximumResponses`` single responses and ``maximumCertificates`` responder certificates.
public struct ParsedOCSPResponse: Sendable {
    public static let maximumBytes = 64 * 1024
    public static let maximumResponses = 64
    public static let maximumCertificates = 8

    /// `OCSPResponseStatus`: only `successful` carries a response.
    public enum Status: Int, Sendable, CustomStringConvertible {
        case successful = 0
        case malformedRequest = 1
        case internalError = 2
        case tryLater = 3
        case signatureRequired = 5
        case unauthorized = 6

        public var description: String {
            switch self {
            case .successful: return "successful"
            case .malformedRequest: return "malformedRequest"
            case .internalError: return "internalError"
            case .tryLater: return "tryLater"
            case .signatureRequired: return "sigRequired"
            case .unauthorized: return "unauthorized"
            }
        }
    }

    /// Which certificate a single response is about: hashes of its issuer's name and key, and its serial number.
    public struct CertificateID: Hashable, Sendable {
        public let hashAlgorithm: ASN1ObjectIdentifier
        public let issuerNameHash: [UInt8]
        public let issuerKeyHash: [UInt8]
        /// The serial number's DER INTEGER content bytes.
        public let serialNumber: [UInt8]
    }

    public enum CertificateStatus: Hashable, Sendable {
        case good
        /// `reason` is the CRLReason code when the responder gave one.
        case revoked(at: Date, reason: RevocationReason?)
        case unknown
    }

    public struct SingleResponse: Sendable {
        public let certificateID: CertificateID
        public let status: CertificateStatus
        public let thisUpdate: Date
        public let nextUpdate: Date?
    }

    public enum ResponderID: Hashable, Sendable {
        case name(DistinguishedName)
        /// SHA-1 of the responder's public key (the BIT STRING contents of its SubjectPublicKeyInfo).
        case keyHash([UInt8])
    }

    public let status: Status
    public let responderID: ResponderID?
    public let producedAt: Date?
    public let responses: [SingleResponse]
    /// The DER of `tbsResponseData`: what the signature covers.
    public let signedBytes: [UInt8]
    public let signatureAlgorithm: ASN1ObjectIdentifier?
    public let signature: [UInt8]
    /// Certificates the responder included (a delegated responder's own, usually).
    public let certificates: [Certificate]

    /// Parses `der`; throws ``OCSPParseError`` for anything that is not a well-formed, bounded OCSP response.
    public init(derEncoded der: [UInt8]) throws(OCSPParseError) {
        guard !der.isEmpty else { throw OCSPParseError("the response is empty") }
        guard der.count <= Self.maximumBytes else {
            throw OCSPParseError("the response is \(der.count) bytes; at most \(Self.maximumBytes) are read")
        }
        do {
            self = try Self.parse(DER.parse(der))
        } catch let error as OCSPParseError {
            throw error
        } catch {
            throw OCSPParseError("not a DER OCSP response (\(error))")
        }
    }

    private init(
        status: Status, responderID: ResponderID? = nil, producedAt: Date? = nil, responses: [SingleResponse] = [],
        signedBytes: [UInt8] = [], signatureAlgorithm: ASN1ObjectIdentifier? = nil, signature: [UInt8] = [],
        certificates: [Certificate] = []
    ) {
        self.status = status
        self.responderID = responderID
        self.producedAt = producedAt
        self.responses = responses
        self.signedBytes = signedBytes
        self.signatureAlgorithm = signatureAlgorithm
        self.signature = signature
        self.certificates = certificates
    }

    /// `OCSPResponse ::= SEQUENCE { responseStatus ENUMERATED, responseBytes [0] EXPLICIT ResponseBytes OPTIONAL }`
    private static func parse(_ root: ASN1Node) throws -> Self {
        try DER.sequence(root, identifier: .sequence) { nodes in
            let code = try Int(derEncoded: &nodes, withIdentifier: .enumerated)
            guard let status = Status(rawValue: code) else { throw OCSPParseError("unknown response status \(code)") }
            let basic = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { node in
                try DER.sequence(node, identifier: .sequence) { bytes in
                    let type = try ASN1ObjectIdentifier(derEncoded: &bytes)
                    guard type == Self.basicResponseType else {
                        throw OCSPParseError("response type \(type) is not id-pkix-ocsp-basic")
                    }
                    let octets = try ASN1OctetString(derEncoded: &bytes)
                    return try parseBasic(DER.parse(octets.bytes), status: status)
                }
            }
            guard status == .successful else { return Self(status: status) }
            guard let basic else { throw OCSPParseError("a successful response carries no response bytes") }
            return basic
        }
    }

    static let basicResponseType: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 48, 1, 1]

    /// `BasicOCSPResponse ::= SEQUENCE { tbsResponseData, signatureAlgorithm, signature BIT STRING,
    /// certs [0] EXPLICIT SEQUENCE OF Certificate OPTIONAL }`
    private static func parseBasic(_ root: ASN1Node, status: Status) throws -> Self {
        try DER.sequence(root, identifier: .sequence) { nodes in
            guard let dataNode = nodes.next() else { throw OCSPParseError("no tbsResponseData") }
            let signedBytes = Array(dataNode.encodedBytes)
            let algorithm = try DER.sequence(nodes.next() ?? dataNode, identifier: .sequence) { fields in
                let oid = try ASN1ObjectIdentifier(derEncoded: &fields)
                while fields.next() != nil {}  // parameters, if any
                return oid
            }
            let signature = try ASN1BitString(derEncoded: &nodes)
            let certificates: [Certificate] =
                try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { node in
                    try DER.sequence(node, identifier: .sequence) { list in
                        var certificates: [Certificate] = []
                        while let next = list.next() {
                            guard certificates.count < maximumCertificates else {
                                throw OCSPParseError("more than \(maximumCertificates) responder certificates")
                            }
                            certificates.append(try Certificate(derEncoded: next))
                        }
                        return certificates
                    }
                } ?? []
            let data = try parseResponseData(dataNode)
            return Self(
                status: status, responderID: data.responder, producedAt: data.producedAt, responses: data.responses,
                signedBytes: signedBytes, signatureAlgorithm: algorithm, signature: Array(signature.bytes),
                certificates: certificates)
        }
    }

    /// `ResponseData ::= SEQUENCE { version [0] EXPLICIT DEFAULT v1, responderID, producedAt GeneralizedTime,
    /// responses SEQUENCE OF SingleResponse, responseExtensions [1] EXPLICIT Extensions OPTIONAL }`
    private static func parseResponseData(
        _ node: ASN1Node
    ) throws -> (responder: ResponderID, producedAt: Date, responses: [SingleResponse]) {
        try DER.sequence(node, identifier: .sequence) { nodes in
            _ = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { version in
                try Int(derEncoded: version)
            }
            guard let responderNode = nodes.next() else { throw OCSPParseError("no responderID") }
            let responder: ResponderID
            switch responderNode.identifier {
            case ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific):
                responder = try DER.explicitlyTagged(responderNode, tagNumber: 1, tagClass: .contextSpecific) {
                    .name(try DistinguishedName(derEncoded: $0))
                }
            case ASN1Identifier(tagWithNumber: 2, tagClass: .contextSpecific):
                responder = try DER.explicitlyTagged(responderNode, tagNumber: 2, tagClass: .contextSpecific) {
                    .keyHash(Array(try ASN1OctetString(derEncoded: $0).bytes))
                }
            default:
                throw OCSPParseError("responderID is neither byName [1] nor byKey [2]")
            }
            let producedAt = try Date(GeneralizedTime(derEncoded: &nodes))
            guard let listNode = nodes.next() else { throw OCSPParseError("no responses") }
            let responses = try DER.sequence(listNode, identifier: .sequence) { list in
                var responses: [ASN1Node] = []
                while let next = list.next() {
                    guard responses.count < maximumResponses else {
                        throw OCSPParseError("more than \(maximumResponses) single responses")
                    }
                    responses.append(next)
                }
                return responses
            }
            while nodes.next() != nil {}  // responseExtensions (a nonce, at most): not needed to judge a staple
            return (responder, producedAt, try responses.map(parseSingle))
        }
    }

    /// `SingleResponse ::= SEQUENCE { certID, certStatus, thisUpdate GeneralizedTime,
    /// nextUpdate [0] EXPLICIT GeneralizedTime OPTIONAL, singleExtensions [1] EXPLICIT Extensions OPTIONAL }`
    private static func parseSingle(_ node: ASN1Node) throws -> SingleResponse {
        try DER.sequence(node, identifier: .sequence) { nodes in
            guard let idNode = nodes.next() else { throw OCSPParseError("no certID") }
            let certificateID = try DER.sequence(idNode, identifier: .sequence) { fields in
                let algorithm = try DER.sequence(fields.next() ?? idNode, identifier: .sequence) { parts in
                    let oid = try ASN1ObjectIdentifier(derEncoded: &parts)
                    while parts.next() != nil {}
                    return oid
                }
                return CertificateID(
                    hashAlgorithm: algorithm, issuerNameHash: Array(try ASN1OctetString(derEncoded: &fields).bytes),
                    issuerKeyHash: Array(try ASN1OctetString(derEncoded: &fields).bytes),
                    serialNumber: Array(try ArraySlice<UInt8>(derEncoded: &fields)))
            }
            guard let statusNode = nodes.next() else { throw OCSPParseError("no certStatus") }
            let status: CertificateStatus
            switch statusNode.identifier {
            case ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific):
                status = .good
            case ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific):
                status = try DER.sequence(statusNode, identifier: statusNode.identifier) { info in
                    let time = try Date(GeneralizedTime(derEncoded: &info))
                    let reason = try DER.optionalExplicitlyTagged(&info, tagNumber: 0, tagClass: .contextSpecific) {
                        try Int(derEncoded: $0, withIdentifier: .enumerated)
                    }
                    return .revoked(at: time, reason: reason.map(RevocationReason.init(code:)))
                }
            case ASN1Identifier(tagWithNumber: 2, tagClass: .contextSpecific):
                status = .unknown
            default:
                throw OCSPParseError("certStatus is neither good, revoked nor unknown")
            }
            let thisUpdate = try Date(GeneralizedTime(derEncoded: &nodes))
            let nextUpdate = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) {
                try Date(GeneralizedTime(derEncoded: $0))
            }
            while nodes.next() != nil {}  // singleExtensions
            return SingleResponse(
                certificateID: certificateID, status: status, thisUpdate: thisUpdate, nextUpdate: nextUpdate)
        }
    }
}

/// Why bytes are not an OCSP response PinBench can read, in words.
public struct OCSPParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description.terminalSafe }
}
