import PinningCore

/// The entries of a static-ct-api data tile: `TileLeaf { TimestampedEntry timestamped_entry; select (entry_type)
/// { case precert_entry: ASN.1Cert pre_certificate; }; Fingerprint certificate_chain<0..2^16-1>; }`, one per entry
/// of the level-0 tile with the same index.
public enum DataTile {
    /// Decodes `count` entries numbered from `firstIndex`; every byte must belong to one.
    public static func entries(_ bytes: [UInt8], firstIndex: UInt64, count: Int) throws(LogEntryError) -> [LogEntry] {
        guard (1...TileAddress.fullWidth).contains(count) else {
            throw LogEntryError(
                index: firstIndex, "a data tile holds 1 to \(TileAddress.fullWidth) entries, not \(count)")
        }
        var reader = TLSReader(bytes[...])
        var entries: [LogEntry] = []
        entries.reserveCapacity(count)
        for offset in 0..<count {
            let index = firstIndex + UInt64(offset)
            guard !reader.isAtEnd else {
                throw LogEntryError(index: index, "the data tile ends after \(offset) of \(count) entries")
            }
            let entry = try TimestampedEntry(index: index, reader: &reader)
            let fingerprints = try LogEntry.read(index) { () throws(SCTParseError) -> [[UInt8]] in
                if entry.kind == .precertificate { _ = try reader.vector(lengthBytes: 3) }
                var chain = try reader.vector(lengthBytes: 2)
                var fingerprints: [[UInt8]] = []
                while !chain.isAtEnd { fingerprints.append(Array(try chain.bytes(32))) }
                return fingerprints
            }
            // The tree hashes the MerkleTreeLeaf: version v1 (0), leaf type timestamped_entry (0), the entry.
            let leaf = TreeHash.leaf([0, 0] + entry.encoded)
            entries.append(try LogEntry(index: index, entry: entry, leafHash: leaf, issuerFingerprints: fingerprints))
        }
        guard reader.isAtEnd else {
            throw LogEntryError(index: firstIndex + UInt64(count), "the data tile has bytes after its \(count) entries")
        }
        return entries
    }
}
