import Foundation
import SwiftASN1
import X509

/// One Signed Certificate Timestamp embedded in a certificate (RFC 6962 §3.2–3.3): a log's promise to publish the
/// certificate. Read from the TLS encoding inside extension 1.3.6.1.4.1.11129.2.4.2, bounded.
public struct SignedCertificateTimestamp: Hashable, Sendable {
    /// 0 for v1, the only version defined.
    public let version: UInt8
    /// SHA-256 of the log's public key (32 bytes).
    public let logID: [UInt8]
    /// Milliseconds since the epoch, as the log stated it.
    public let timestampMilliseconds: UInt64
    public let extensions: [UInt8]
    /// TLS HashAlgorithm (4 = SHA-256) and SignatureAlgorithm (1 = RSA, 3 = ECDSA).
    public let hashAlgorithm: UInt8
    public let signatureAlgorithm: UInt8
    public let signature: [UInt8]

    public init(
        version: UInt8 = 0, logID: [UInt8], timestampMilliseconds: UInt64, extensions: [UInt8] = [],
        hashAlgorithm: UInt8 = 4, signatureAlgorithm: UInt8 = 3, signature: [UInt8] = []
    ) {
        self.version = version
        self.logID = logID
        self.timestampMilliseconds = timestampMilliseconds
        self.extensions = extensions
        self.hashAlgorithm = hashAlgorithm
        self.signatureAlgorithm = signatureAlgorithm
        self.signature = signature
    }

    /// The TLS encoding of a SignedCertificateTimestampList: what a CA embeds (inside an OCTET STRING).
    public static func encodeList(_ timestamps: [Self]) -> [UInt8] {
        func vector(_ bytes: [UInt8]) -> [UInt8] {
            [UInt8(bytes.count >> 8 & 0xFF), UInt8(bytes.count & 0xFF)] + bytes
        }
        let entries = timestamps.flatMap { sct in
            var bytes: [UInt8] = [sct.version] + sct.logID
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: sct.timestampMilliseconds >> (8 * UInt64($0))) }
            bytes += vector(sct.extensions) + [sct.hashAlgorithm, sct.signatureAlgorithm] + vector(sct.signature)
            return vector(bytes)
        }
        return vector(entries)
    }

    public var timestamp: Date { Date(timeIntervalSince1970: TimeInterval(timestampMilliseconds) / 1000) }
    public var logIDBase64: String { Data(logID).base64EncodedString() }

    /// "ECDSA-SHA256", "RSA-SHA256", or the two code points.
    public var algorithmName: String {
        let hash = hashAlgorithm == 4 ? "SHA256" : hashAlgorithm == 5 ? "SHA384" : "hash \(hashAlgorithm)"
        let signature =
            signatureAlgorithm == 3 ? "ECDSA" : signatureAlgorithm == 1 ? "RSA" : "sig \(signatureAlgorithm)"
        return "\(signature)-\(hash)"
    }

    /// The embedded SCT list extension.
    public static let extensionID: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 11129, 2, 4, 2]
    public static let maximumCount = 32
    public static let maximumListBytes = 16 * 1024

    /// The SCTs embedded in `certificate` (empty when it has none); throws ``SCTParseError`` for a malformed list.
    public static func embedded(in certificate: Certificate) throws(SCTParseError) -> [Self] {
        try embedded(in: certificate.extensions)
    }

    /// The same from a certificate's extensions.
    public static func embedded(in extensions: Certificate.Extensions) throws(SCTParseError) -> [Self] {
        guard let value = extensions[oid: extensionID]?.value else { return [] }
        let list: ArraySlice<UInt8>
        do {
            list = try ASN1OctetString(derEncoded: value).bytes
        } catch {
            throw SCTParseError("the SCT list extension is not an OCTET STRING")
        }
        return try parseList(list)
    }

    /// `SignedCertificateTimestampList ::= opaque SerializedSCT<1..2^16-1>` of `opaque SerializedSCT<1..2^16-1>`.
    public static func parseList(_ bytes: ArraySlice<UInt8>) throws(SCTParseError) -> [Self] {
        guard bytes.count <= maximumListBytes else {
            throw SCTParseError("the SCT list is \(bytes.count) bytes; at most \(maximumListBytes) are read")
        }
        var reader = TLSReader(bytes)
        var list = try reader.vector(lengthBytes: 2)
        guard reader.isAtEnd else { throw SCTParseError("bytes after the SCT list") }
        var timestamps: [Self] = []
        while !list.isAtEnd {
            guard timestamps.count < maximumCount else {
                throw SCTParseError("more than \(maximumCount) SCTs")
            }
            var entry = try list.vector(lengthBytes: 2)
            timestamps.append(try Self(&entry))
            guard entry.isAtEnd else { throw SCTParseError("bytes after an SCT") }
        }
        return timestamps
    }

    private init(_ reader: inout TLSReader) throws(SCTParseError) {
        version = try reader.byte()
        guard version == 0 else { throw SCTParseError("SCT version \(version) (only v1 is defined)") }
        logID = Array(try reader.bytes(32))
        timestampMilliseconds = try reader.integer(8)
        extensions = Array(try reader.vector(lengthBytes: 2).rest)
        hashAlgorithm = try reader.byte()
        signatureAlgorithm = try reader.byte()
        signature = Array(try reader.vector(lengthBytes: 2).rest)
    }
}

/// Why an SCT list cannot be read, in words.
public struct SCTParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    package init(_ description: String) { self.description = description.terminalSafe }
}

/// Reads TLS presentation-language fields (big-endian integers, length-prefixed vectors) from bytes.
package struct TLSReader {
    private var bytes: ArraySlice<UInt8>

    package init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    package var isAtEnd: Bool { bytes.isEmpty }
    package var rest: ArraySlice<UInt8> { bytes }

    package mutating func byte() throws(SCTParseError) -> UInt8 { try bytes(1).first! }

    package mutating func bytes(_ count: Int) throws(SCTParseError) -> ArraySlice<UInt8> {
        guard bytes.count >= count else { throw SCTParseError("the TLS-encoded data ends early") }
        let taken = bytes.prefix(count)
        bytes = bytes.dropFirst(count)
        return taken
    }

    package mutating func integer(_ width: Int) throws(SCTParseError) -> UInt64 {
        try bytes(width).reduce(0) { $0 << 8 | UInt64($1) }
    }

    package mutating func vector(lengthBytes: Int) throws(SCTParseError) -> TLSReader {
        TLSReader(try bytes(Int(try integer(lengthBytes))))
    }
}
