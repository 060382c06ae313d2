import PinningCore

/// Certificates a batch's servers sent, decoded once: `check` judges every host's chain, and a fleet's hosts send the
/// same intermediates (behind a wildcard or a CDN, the same leaf), so most of its decoding was of bytes already
/// decoded. Shared certificates also share their details (pins, names), computed when first read.
///
/// Decoding is a function of the DER alone, and a hit needs the same DER, so a decoded certificate is the one decoding
/// would give. Bytes that fail to decode are not kept: each failure is reported with its own chain's source.
/// At most `capacity` certificates (the least recently used go first). Safe to share between tasks.
public final class SentCertificateMemo: Sendable {
    private let memo: BoundedMemo<DERKey, ChainCertificate>

    /// A memo of at most `capacity` certificates: room for a fleet's intermediates, which every host's chain uses
    /// and so stay recent while distinct leaves come and go; a parsed certificate is a few kilobytes.
    public init(capacity: Int = 32) {
        memo = BoundedMemo(capacity: capacity)
    }

    /// How many certificates are kept.
    public var count: Int { memo.count }

    /// The certificate for `der`: the one decoded before, or `decode()`'s.
    func certificate(
        _ der: [UInt8], orDecode decode: () throws(CertificateDecodingError) -> ChainCertificate
    ) throws(CertificateDecodingError) -> ChainCertificate {
        try memo.value(for: DERKey(der), orCompute: decode)
    }
}

/// A certificate's DER as a key that compares whole but hashes only its length and last bytes (its signature): a
/// lookup then does not hash kilobytes, and equal keys still need equal bytes.
struct DERKey: Hashable, Sendable {
    let der: [UInt8]

    init(_ der: [UInt8]) { self.der = der }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.der == rhs.der }

    func hash(into hasher: inout Hasher) {
        hasher.combine(der.count)
        der.suffix(32).withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
