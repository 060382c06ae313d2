import Crypto
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing
import TransparencyLog
import X509

/// Log entries decoded from the bytes the tree hashes: certificates and precertificates from the tests' PKI, in an
/// RFC 6962 `get-entries` entry and in a static-ct-api data tile, and every way such bytes can be cut short.
@Suite("CT log entries")
struct LogEntryTests {
    static func u(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    static func vector(_ bytes: [UInt8], _ width: Int) -> [UInt8] { u(bytes.count, width) + bytes }

    /// TimestampedEntry for a certificate (x509_entry) or, with `issuerKeyHash`, a precertificate's TBS.
    static func timestamped(
        _ body: [UInt8], issuerKeyHash: [UInt8]? = nil, at time: Int = 1_795_000_000_000
    )
        -> [UInt8]
    {
        let signed = issuerKeyHash.map { u(1, 2) + $0 + vector(body, 3) } ?? (u(0, 2) + vector(body, 3))
        return u(time, 8) + signed + vector([], 2)
    }

    /// The DNS names swift-certificates reads from the SAN extension: what the fast path must agree with.
    static func dnsNames(_ certificate: Certificate) -> [String] {
        ((try? certificate.extensions.subjectAlternativeNames) ?? nil).map {
            $0.compactMap { name -> String? in
                if case .dnsName(let dns) = name { return dns }
                return nil
            }
        } ?? []
    }

    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    var leaf: Certificate { pki.good.leaf.certificate }
    var issuerKeyHash: [UInt8] {
        Array(SHA256.hash(data: pki.intermediate.certificate.publicKey.subjectPublicKeyInfoDER))
    }

    @Test("an x509 entry: the certificate, its leaf hash, its chain's fingerprints; a precert entry: its TBS fields")
    func getEntries() throws {
        let leafInput = [0, 0] + Self.timestamped(pki.good.leaf.der)
        let chain = Self.vector(Self.vector(pki.intermediate.der, 3), 3)
        let entry = try LogEntry(index: 7, leafInput: leafInput, extraData: chain)
        #expect(entry.kind == .certificate && entry.index == 7)
        #expect(try entry.certificate() == leaf)
        #expect(entry.dnsNames == Self.dnsNames(leaf) && entry.dnsNames.contains(pki.host))
        #expect(entry.leafHash == TreeHash.leaf(leafInput))
        #expect(entry.servedIssuers == [pki.intermediate.der])
        #expect(entry.issuerFingerprints == [Array(SHA256.hash(data: pki.intermediate.der))])

        let tbs = try SCTVerifier.tbsWithoutSCTList(leaf)
        let precertInput = [0, 0] + Self.timestamped(tbs, issuerKeyHash: issuerKeyHash)
        let precertExtra = Self.vector(pki.good.leaf.der, 3) + Self.vector(Self.vector(pki.intermediate.der, 3), 3)
        let precert = try LogEntry(index: 8, leafInput: precertInput, extraData: precertExtra)
        #expect(precert.kind == .precertificate)
        #expect(precert.issuerKeyHash == issuerKeyHash)
        let decoded = try precert.certificate()
        #expect(precert.dnsNames == Self.dnsNames(leaf))
        #expect(decoded.subject == leaf.subject)
        #expect(decoded.serialNumber == leaf.serialNumber)
        #expect(decoded.publicKey == leaf.publicKey)
        #expect(decoded.notValidAfter == leaf.notValidAfter)
        let names = try decoded.extensions.subjectAlternativeNames.map(Array.init)
        let expected = try leaf.extensions.subjectAlternativeNames.map(Array.init)
        #expect(names == expected && names != nil)
    }

    @Test("cut short, padded, of an unknown type or version: refused, naming the entry")
    func malformed() throws {
        let good = [0, 0] + Self.timestamped(pki.good.leaf.der)
        let cases: [(String, [UInt8])] = [
            ("truncated", Array(good.dropLast(3))), ("padded", good + [0]), ("version 1", [1] + good.dropFirst()),
            ("entry type 2", [0, 0] + Self.u(1, 8) + Self.u(2, 2) + Self.vector([1], 3) + [0, 0]),
            ("empty", []),
        ]
        for (name, bytes) in cases {
            #expect(throws: LogEntryError.self, "\(name)") { try LogEntry(index: 42, leafInput: bytes, extraData: []) }
            do {
                _ = try LogEntry(index: 42, leafInput: bytes, extraData: [])
            } catch {
                #expect(error.index == 42 && error.description.hasPrefix("entry 42: "), "\(name): \(error)")
            }
        }
    }

    @Test("an entry whose certificate the X.509 library refuses is read (the log is not at fault); decoding it throws")
    func undecodable() throws {
        let entry = try LogEntry(
            index: 9, leafInput: [0, 0] + Self.timestamped([0x30, 0x03, 0x02, 0x01, 0x01]), extraData: [])
        #expect(entry.dnsNames.isEmpty)
        #expect(throws: LogEntryError.self) { try entry.certificate() }
    }

    @Test("a data tile's entries have the leaf hashes of the same entries read from get-entries")
    func dataTile() throws {
        let tbs = try SCTVerifier.tbsWithoutSCTList(leaf)
        let fingerprint = Array(SHA256.hash(data: pki.intermediate.der))
        let entries: [([UInt8], [UInt8])] = [
            (Self.timestamped(pki.good.leaf.der), []),
            (Self.timestamped(tbs, issuerKeyHash: issuerKeyHash), Self.vector(pki.good.leaf.der, 3)),
            (Self.timestamped(pki.rotated.leaf.der, at: 1_795_000_000_999), []),
        ]
        let tile = entries.flatMap { entry, precert in entry + precert + Self.vector(fingerprint, 2) }
        let decoded = try DataTile.entries(tile, firstIndex: 512, count: 3)
        #expect(decoded.map(\.index) == [512, 513, 514])
        #expect(decoded.map(\.kind) == [.certificate, .precertificate, .certificate])
        for (offset, (entry, _)) in entries.enumerated() {
            let viaGetEntries = try LogEntry(index: 0, leafInput: [0, 0] + entry, extraData: [])
            #expect(decoded[offset].leafHash == viaGetEntries.leafHash)
            #expect(decoded[offset].issuerFingerprints == [fingerprint])
        }
        #expect(try decoded[2].certificate() == pki.rotated.leaf.certificate)
        #expect(throws: LogEntryError.self) { try DataTile.entries(tile, firstIndex: 512, count: 4) }
        #expect(throws: LogEntryError.self) { try DataTile.entries(tile, firstIndex: 512, count: 2) }
        #expect(throws: LogEntryError.self) { try DataTile.entries(Array(tile.dropLast()), firstIndex: 0, count: 3) }
    }
}
