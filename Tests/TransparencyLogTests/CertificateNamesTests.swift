import Crypto
import Foundation
import PinningCore
import SwiftASN1
import Testing
import TransparencyLog
import X509

/// The names a log entry offers for matching are read by walking DER headers, not by decoding the certificate.
/// These tests hold that walk to swift-certificates' own reading of the SAN extension: on certificates with every
/// kind of general name, lengths in every DER form and the SAN anywhere among many extensions, and on thousands of
/// corrupted copies, wherever swift-certificates reads the extension, the names agree.
@Suite("CT entry names from DER headers")
struct CertificateNamesTests {
    /// What swift-certificates reads: the dNSNames of the SAN (printable ASCII only, as the walk keeps them); nil
    /// when it refuses the certificate or the extension.
    static func reference(_ der: [UInt8]) -> [String]? {
        guard let certificate = try? Certificate(derEncoded: der) else { return nil }
        let names: SubjectAlternativeNames?
        do {
            names = try certificate.extensions.subjectAlternativeNames
        } catch {
            return nil
        }
        return (names ?? SubjectAlternativeNames()).compactMap { name -> String? in
            guard case .dnsName(let dns) = name, dns.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
            return dns
        }
    }

    /// The names as a log entry reads them, the certificate logged as an x509_entry.
    static func walked(_ der: [UInt8]) -> [String]? {
        let body = [0, 0] + LogEntryTests.timestamped(der)
        return (try? LogEntry(index: 0, leafInput: body, extraData: []))?.dnsNames
    }

    static let key = P256.Signing.PrivateKey()

    /// A certificate with `names` in its SAN, after `extraExtensions` other extensions, signed by a throwaway key.
    static func certificate(
        names: [GeneralName], critical: Bool = false, extraExtensions: Int = 0, subject: String = "names.example"
    ) throws -> [UInt8] {
        let name = try DistinguishedName { CommonName(subject) }
        var extensions = Certificate.Extensions()
        for index in 0..<extraExtensions {
            let oid: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 55_555, UInt(index)]
            let value = ArraySlice<UInt8>(repeating: 0x5A, count: index * 40)
            try extensions.append(Certificate.Extension(oid: oid, critical: false, value: value))
        }
        if !names.isEmpty {
            try extensions.append(Certificate.Extension(SubjectAlternativeNames(names), critical: critical))
        }
        try extensions.append(Certificate.Extension(BasicConstraints.notCertificateAuthority, critical: true))
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
            notValidBefore: Date(timeIntervalSince1970: 1_790_000_000),
            notValidAfter: Date(timeIntervalSince1970: 1_800_000_000), issuer: name, subject: name,
            signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: .init(key))
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    static func variety() throws -> [[UInt8]] {
        let long = String(repeating: "a", count: 63) + "." + String(repeating: "b", count: 63) + ".example.com"
        return [
            try certificate(names: [.dnsName("api.example.com")]),
            try certificate(names: [.dnsName("*.example.com"), .dnsName("example.com")], critical: true),
            try certificate(names: [
                .rfc822Name("ops@example.com"), .dnsName("mail.example.com"),
                .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                .uniformResourceIdentifier("https://example.com/"), .dnsName(long),
            ]),
            try certificate(names: (0..<300).map { .dnsName("host\($0).many.example") }),
            try certificate(names: [.dnsName("late.example.com")], extraExtensions: 12),
            try certificate(names: [.dnsName("bad\u{1B}[2J.example.com"), .dnsName("good.example.com")]),
            try certificate(names: []),
            try certificate(names: [.ipAddress(ASN1OctetString(contentBytes: [10, 0, 0, 1]))]),
        ]
    }

    @Test("every kind of name, short and long lengths, the SAN late or critical: read as swift-certificates reads it")
    func agreesOnVariety() throws {
        for der in try Self.variety() {
            let reference = try #require(Self.reference(der))
            #expect(Self.walked(der) == reference)
        }
        let many = try Self.variety()[3]
        #expect(Self.walked(many)?.count == 300)
        #expect(Self.walked(try Self.variety()[5]) == ["good.example.com"])
    }

    @Test("a precertificate's TBS gives the names of its certificate")
    func precertificate() throws {
        for der in try Self.variety() {
            let certificate = try Certificate(derEncoded: der)
            let tbs = try SCTVerifier.tbsWithoutSCTList(certificate)
            let keyHash = Array(SHA256.hash(data: certificate.publicKey.subjectPublicKeyInfoDER))
            let body = [0, 0] + LogEntryTests.timestamped(tbs, issuerKeyHash: keyHash)
            let entry = try LogEntry(index: 1, leafInput: body, extraData: [])
            #expect(entry.dnsNames == Self.reference(der))
        }
    }

    @Test("corrupted copies: wherever swift-certificates still reads the SAN, the walk reads the same names")
    func agreesOnCorruption() throws {
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        // Every run corrupts other places (a debug build decodes a few thousand copies in seconds).
        for der in try Self.variety() where der.count < 4_000 {
            var copies: [[UInt8]] = (0..<60).map { _ in Array(der.prefix(Int.random(in: 1..<der.count))) }
            for _ in 0..<120 {
                let position = Int.random(in: der.indices, using: &generator)
                for flip: UInt8 in [0x01, 0x80, 0xFF, UInt8.random(in: 1...255, using: &generator)] {
                    var copy = der
                    copy[position] ^= flip
                    copies.append(copy)
                }
            }
            for copy in copies {
                let walked = Self.walked(copy)
                guard let reference = Self.reference(copy) else { continue }
                compared += 1
                #expect(walked == reference, "\(copy)")
            }
        }
        #expect(compared > 300)
    }

    @Test("bytes that are no certificate give no names and never trap")
    func garbage() {
        var generator = SystemRandomNumberGenerator()
        let shapes: [[UInt8]] = [
            [0x30], [0x30, 0x80], [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF], [0x30, 0x81, 0x05, 0, 0, 0, 0, 0],
            [0x30, 0x82, 0x00, 0x03, 0x30, 0x01, 0x00], [0x3F, 0x01, 0x00], [0x30, 0x02, 0xA3, 0x00],
        ]
        for bytes in shapes { #expect(Self.walked(bytes) == []) }
        for _ in 0..<2_000 {
            let count = Int.random(in: 1..<64, using: &generator)
            let bytes = [0x30] + (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = Self.walked(bytes)
        }
    }
}
