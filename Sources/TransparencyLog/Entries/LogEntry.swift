import Crypto
import Foundation
import PinningCore
import X509

/// One entry of a CT log, decoded from the bytes the log's tree hashes (RFC 6962 §3.4 `MerkleTreeLeaf`): only those
/// bytes are trusted, since only they are proven to be in the tree. The issuers a log serves beside them
/// (`extra_data`, a data tile's fingerprints) are hints to be checked, never facts.
public struct LogEntry: Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A final certificate (`x509_entry`).
        case certificate
        /// A precertificate (`precert_entry`): the TBSCertificate the CA promised to issue, and its issuer's key hash.
        case precertificate
    }

    public let index: UInt64
    public let kind: Kind
    /// Milliseconds since the epoch, when the log took the entry.
    public let timestampMilliseconds: UInt64
    /// The certificate's DER, or the precertificate's TBSCertificate: decoded by ``certificate()`` when needed.
    public let body: [UInt8]
    /// The DNS names of its subject alternative names, read without decoding the whole certificate (printable
    /// ASCII only; none when unreadable).
    public let dnsNames: [String]
    /// The IP addresses of its subject alternative names, in canonical text (as a manifest writes a pinned IP).
    public let ipAddresses: [String]
    /// Every name a client could reach it by: its DNS names, then its IP addresses.
    public var names: [String] { dnsNames + ipAddresses }
    /// SHA-256 of the issuer's SubjectPublicKeyInfo, for a precertificate (the log hashed it with the TBS).
    public let issuerKeyHash: [UInt8]?
    /// The entry's leaf hash: what the tree commits to.
    public let leafHash: TreeHash
    /// SHA-256 of each issuing certificate the log named beside the entry (RFC 6962's chain, a data tile's
    /// fingerprints): which CA certificates to look up, not proof of which issued it.
    public let issuerFingerprints: [[UInt8]]
    /// The issuing certificates themselves (DER) when the log served them inline (RFC 6962 `extra_data`); a tiled
    /// log serves them apart, under `issuer/<fingerprint>`.
    public let servedIssuers: [[UInt8]]

    /// Bytes of one entry's certificate are bounded as RFC 6962 bounds them (2^24 - 1).
    public static let maximumCertificateBytes = (1 << 24) - 1

    /// Decodes an RFC 6962 `get-entries` entry: `leaf_input` (a MerkleTreeLeaf) and `extra_data` (the chain).
    public init(index: UInt64, leafInput: [UInt8], extraData: [UInt8]) throws(LogEntryError) {
        var reader = TLSReader(leafInput[...])
        let prefix = try Self.read(index) { () throws(SCTParseError) in (try reader.byte(), try reader.byte()) }
        guard prefix == (0, 0) else {
            throw LogEntryError(index: index, "not a v1 timestamped entry (version \(prefix.0), type \(prefix.1))")
        }
        let entry = try TimestampedEntry(index: index, reader: &reader)
        guard reader.isAtEnd else { throw LogEntryError(index: index, "bytes after the entry") }
        let issuers = try Self.read(index) { () throws(SCTParseError) in
            try IssuerChain.fromExtraData(extraData, kind: entry.kind)
        }
        try self.init(
            index: index, entry: entry, leafHash: .leaf(leafInput),
            issuerFingerprints: issuers.map { Array(SHA256.hash(data: $0)) }, servedIssuers: issuers)
    }

    init(
        index: UInt64, entry: TimestampedEntry, leafHash: TreeHash, issuerFingerprints: [[UInt8]],
        servedIssuers: [[UInt8]] = []
    ) throws(LogEntryError) {
        self.index = index
        kind = entry.kind
        timestampMilliseconds = entry.timestampMilliseconds
        issuerKeyHash = entry.issuerKeyHash
        self.leafHash = leafHash
        self.issuerFingerprints = issuerFingerprints
        self.servedIssuers = servedIssuers
        body = entry.body
        let names = CertificateNames.names(entry.body, isTBS: entry.kind == .precertificate)
        dnsNames = names.dns
        ipAddresses = names.ipAddresses
    }

    /// The certificate; for a precertificate, its TBSCertificate in a certificate whose signature is a placeholder
    /// (names, key, validity and extensions are the precertificate's; the signature is not). A log may hold a
    /// certificate the X.509 library refuses: that entry throws here, and the log is not at fault.
    public func certificate() throws(LogEntryError) -> Certificate {
        do {
            switch kind {
            case .certificate: return try Certificate(derEncoded: body)
            case .precertificate: return try Certificate(derEncoded: Self.placeholderSigned(body))
            }
        } catch {
            throw LogEntryError(index: index, "the \(kind.rawValue) does not decode: \(error)")
        }
    }

    /// Runs a TLS read, naming the entry when it fails.
    static func read<T>(_ index: UInt64, _ body: () throws(SCTParseError) -> T) throws(LogEntryError) -> T {
        do {
            return try body()
        } catch {
            throw LogEntryError(index: index, error.description)
        }
    }

    /// `tbs` inside a Certificate SEQUENCE with a placeholder algorithm (sha256WithRSAEncryption) and an empty
    /// signature, so the X.509 library reads its fields. Nothing signed is claimed.
    static func placeholderSigned(_ tbs: [UInt8]) -> [UInt8] {
        let algorithm: [UInt8] = [
            0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B, 0x05, 0x00,
        ]
        let signature: [UInt8] = [0x03, 0x01, 0x00]
        let contents = tbs + algorithm + signature
        return [0x30] + derLength(contents.count) + contents
    }

    private static func derLength(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        let bytes = withUnsafeBytes(of: UInt32(count).bigEndian) { Array($0) }.drop { $0 == 0 }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}

/// Why a log entry could not be read; the entry's index says where.
public struct LogEntryError: Error, Hashable, Sendable, CustomStringConvertible {
    public let index: UInt64
    public let reason: String

    init(index: UInt64, _ reason: String) {
        self.index = index
        self.reason = reason.terminalSafe
    }

    public var description: String { "entry \(index): \(reason)" }
}
