import PinningCore

/// RFC 6962 §3.4 `TimestampedEntry`: the part of a Merkle tree leaf that says what was logged and when. Read the
/// same way from an RFC 6962 `leaf_input` and from a static-ct-api data tile.
struct TimestampedEntry {
    let kind: LogEntry.Kind
    let timestampMilliseconds: UInt64
    /// The certificate's DER, or the precertificate's TBSCertificate DER.
    let body: [UInt8]
    let issuerKeyHash: [UInt8]?
    /// The whole structure as encoded (a data tile's leaf hash is computed over it).
    let encoded: ArraySlice<UInt8>

    init(index: UInt64, reader: inout TLSReader) throws(LogEntryError) {
        let start = reader.rest
        let fields = try LogEntry.read(index) {
            () throws(SCTParseError) -> (UInt64, LogEntry.Kind, [UInt8], [UInt8]?) in
            let timestamp = try reader.integer(8)
            let type = try reader.integer(2)
            switch type {
            case 0:
                let certificate = try reader.vector(lengthBytes: 3).rest
                _ = try reader.vector(lengthBytes: 2)  // CtExtensions
                return (timestamp, .certificate, Array(certificate), nil)
            case 1:
                let keyHash = try reader.bytes(32)
                let tbs = try reader.vector(lengthBytes: 3).rest
                _ = try reader.vector(lengthBytes: 2)
                return (timestamp, .precertificate, Array(tbs), Array(keyHash))
            default:
                throw SCTParseError("unknown entry type \(type)")
            }
        }
        (timestampMilliseconds, kind, body, issuerKeyHash) = fields
        guard !body.isEmpty else { throw LogEntryError(index: index, "the entry's certificate is empty") }
        encoded = start.prefix(start.count - reader.rest.count)
    }
}
