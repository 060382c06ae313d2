/// A ZIP archive (an APK) read in place: the central directory once, then an entry's bytes only when asked for, never
/// extracted to disk. Everything the archive claims is checked before it is used (APPNOTE.TXT, sections 4.3 and 4.4):
/// offsets inside the file, each entry's local header against its central record, no two entries with one name or
/// overlapping bytes, sizes and CRC against what the data inflates to, every bound of ``ScanLimits``.
public struct ZipArchive: Sendable {
    public let entries: [ZipEntry]
    private let source: any ArchiveSource
    private let limits: ScanLimits
    private let byName: [String: Int]
    /// Where the next entry (or the central directory) starts, by name: no entry's data may reach it.
    private let bounds: [String: Int]

    public init(_ source: any ArchiveSource, limits: ScanLimits = ScanLimits()) throws(ScanError) {
        self.source = source
        self.limits = limits
        let end = try Self.endOfCentralDirectory(source)
        var entries: [ZipEntry] = []
        var byName: [String: Int] = [:]
        guard end.count <= limits.entries else {
            throw ScanError(.limit, entry: nil, "the archive lists \(end.count) entries, over \(limits.entries)")
        }
        let directory = ByteReader(try source.read(offset: end.offset, count: end.size), entry: "central directory")
        var cursor = 0
        for _ in 0..<end.count {
            let (entry, next) = try Self.centralRecord(directory, at: cursor, limits: limits)
            if byName[entry.name] != nil {
                throw ScanError(.duplicateOrOverlap, entry: entry.name, "two entries have this name")
            }
            byName[entry.name] = entries.count
            entries.append(entry)
            cursor = next
        }
        self.entries = entries
        self.byName = byName
        self.bounds = try Self.checkNoOverlap(entries, directoryStart: end.offset)
    }

    /// The entry named `name`, if the archive has one.
    public func entry(named name: String) -> ZipEntry? { byName[name].map { entries[$0] } }

    /// The entry's bytes, inflated and checked: declared size, CRC-32, ratio and the per-entry bound (`maxBytes`,
    /// ``ScanLimits/entryBytes`` unless given).
    public func read(_ entry: ZipEntry, maxBytes: Int? = nil) throws(ScanError) -> [UInt8] {
        let bound = maxBytes ?? limits.entryBytes
        guard !entry.isEncrypted else { throw ScanError(.unsupported, entry: entry.name, "the entry is encrypted") }
        guard entry.isSupportedMethod else {
            throw ScanError(
                .unsupported, entry: entry.name, "compression method \(entry.method) (only stored and deflate)")
        }
        guard entry.uncompressedSize <= bound else {
            throw ScanError(
                .limit, entry: entry.name,
                "declares \(entry.uncompressedSize) bytes, over the \(bound) read for such an entry")
        }
        // Deflate never grows data by more than a few bytes per 16 KiB block: a larger claim is a lie to make us read.
        guard entry.compressedSize <= entry.uncompressedSize + entry.uncompressedSize / 1_000 + 1_024 else {
            throw ScanError(
                .sizeMismatch, entry: entry.name,
                "its \(entry.compressedSize) compressed bytes cannot inflate to the \(entry.uncompressedSize) it declares"
            )
        }
        if entry.uncompressedSize > 1 << 20,
            entry.uncompressedSize / max(entry.compressedSize, 1) > limits.compressionRatio
        {
            throw ScanError(
                .limit, entry: entry.name, "inflates over \(limits.compressionRatio) times its compressed size")
        }
        let dataOffset = try localDataOffset(entry)
        let compressed = try source.read(offset: dataOffset, count: entry.compressedSize)
        let data: [UInt8]
        if entry.method == 0 {
            guard entry.compressedSize == entry.uncompressedSize else {
                throw ScanError(.sizeMismatch, entry: entry.name, "a stored entry whose two sizes differ")
            }
            data = compressed
        } else {
            data = try RawInflater.inflate(compressed, expected: entry.uncompressedSize, entry: entry.name)
        }
        guard RawInflater.crc32(data) == entry.crc32 else {
            throw ScanError(.malformed, entry: entry.name, "the CRC-32 of its bytes is not the one declared")
        }
        return data
    }

    /// Where the entry's data starts: after its local header, whose name must be the central record's.
    private func localDataOffset(_ entry: ZipEntry) throws(ScanError) -> Int {
        let header = ByteReader(try source.read(offset: entry.localHeaderOffset, count: 30), entry: entry.name)
        guard try header.u32(0) == 0x0403_4b50 else {
            throw ScanError(.malformed, entry: entry.name, "no local header at offset \(entry.localHeaderOffset)")
        }
        let nameLength = Int(try header.u16(26))
        let extraLength = Int(try header.u16(28))
        let name = try source.read(offset: entry.localHeaderOffset + 30, count: nameLength)
        guard name == Array(entry.name.utf8) else {
            throw ScanError(.malformed, entry: entry.name, "its local header names another entry")
        }
        let offset = entry.localHeaderOffset + 30 + nameLength + extraLength
        let bound = bounds[entry.name] ?? source.size
        guard offset <= bound, entry.compressedSize <= bound - offset else {
            throw ScanError(
                .malformed, entry: entry.name, "its data runs into the next entry or past the archive's end")
        }
        return offset
    }

    private struct End {
        let offset: Int
        let size: Int
        let count: Int
    }

    /// The end-of-central-directory record: searched backwards over the largest comment there can be.
    private static func endOfCentralDirectory(_ source: any ArchiveSource) throws(ScanError) -> End {
        guard source.size >= 22 else { throw ScanError(.malformed, entry: nil, "too short to be a ZIP archive") }
        let tailLength = min(source.size, 22 + 0xFFFF)
        let tail = try source.read(offset: source.size - tailLength, count: tailLength)
        var index = tail.count - 22
        while index >= 0 {
            // The record whose comment ends the file: a signature inside a comment is not one.
            if tail[index] == 0x50, tail[index + 1] == 0x4b, tail[index + 2] == 0x05, tail[index + 3] == 0x06,
                index + 22 + (Int(tail[index + 20]) | Int(tail[index + 21]) << 8) == tail.count
            {
                break
            }
            index -= 1
        }
        guard index >= 0 else {
            throw ScanError(.malformed, entry: nil, "no end of central directory: not a ZIP archive")
        }
        let record = ByteReader(Array(tail[index...]), entry: "end of central directory")
        let count = Int(try record.u16(10))
        let size = try record.int32(12)
        let offset = try record.int32(16)
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF
            || (index >= 20 && tail[index - 20..<index - 16].elementsEqual([0x50, 0x4b, 0x06, 0x07]))
        {
            throw ScanError(.unsupported, entry: nil, "a ZIP64 archive (every bound PinBench keeps is under 4 GiB)")
        }
        guard try record.u16(4) == 0, try record.u16(6) == 0, try record.u16(8) == count else {
            throw ScanError(.unsupported, entry: nil, "an archive split over several disks")
        }
        let directoryEnd = source.size - tailLength + index
        guard offset <= directoryEnd, size <= directoryEnd - offset else {
            throw ScanError(.malformed, entry: nil, "the central directory lies outside the archive")
        }
        return End(offset: offset, size: size, count: count)
    }

    private static func centralRecord(
        _ directory: ByteReader, at offset: Int, limits: ScanLimits
    ) throws(ScanError) -> (ZipEntry, Int) {
        guard try directory.u32(offset) == 0x0201_4b50 else {
            throw ScanError(.malformed, entry: "central directory", "no central record at offset \(offset)")
        }
        let nameLength = Int(try directory.u16(offset + 28))
        let extraLength = Int(try directory.u16(offset + 30))
        let commentLength = Int(try directory.u16(offset + 32))
        let name = try EntryName.check(Array(try directory.slice(offset + 46, nameLength)), limits: limits)
        let compressed = try directory.int32(offset + 20)
        let uncompressed = try directory.int32(offset + 24)
        let local = try directory.int32(offset + 42)
        let zip64Extra = try hasZip64Extra(directory, at: offset + 46 + nameLength, length: extraLength)
        if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || local == 0xFFFF_FFFF || zip64Extra {
            throw ScanError(
                .unsupported, entry: name, "ZIP64 sizes or offsets (every bound PinBench keeps is under 4 GiB)")
        }
        let entry = ZipEntry(
            name: name, method: try directory.u16(offset + 10), flags: try directory.u16(offset + 8),
            crc32: try directory.u32(offset + 16), compressedSize: compressed, uncompressedSize: uncompressed,
            localHeaderOffset: local)
        let next = offset + 46 + nameLength + extraLength + commentLength
        try directory.check(offset, next - offset)
        return (entry, next)
    }

    private static func hasZip64Extra(_ directory: ByteReader, at start: Int, length: Int) throws(ScanError) -> Bool {
        try directory.check(start, length)
        var cursor = start
        while cursor + 4 <= start + length {
            if try directory.u16(cursor) == 0x0001 { return true }
            cursor += 4 + Int(try directory.u16(cursor + 2))
        }
        return false
    }

    /// No two entries' bytes (local header, name, extra field, data) may overlap each other or the central
    /// directory: overlapping entries are how a few KiB become gigabytes ("a better zip bomb").
    private static func checkNoOverlap(
        _ entries: [ZipEntry], directoryStart: Int
    ) throws(ScanError) -> [String: Int] {
        var bounds: [String: Int] = [:]
        let sorted = entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        for (index, entry) in sorted.enumerated() {
            // The smallest the entry can take: its header, its name as the central record gives it, its data.
            let end = entry.localHeaderOffset + 30 + entry.name.utf8.count + entry.compressedSize
            let limit = index + 1 < sorted.count ? sorted[index + 1].localHeaderOffset : directoryStart
            guard end <= limit else {
                throw ScanError(
                    .duplicateOrOverlap, entry: entry.name, "its bytes overlap the next entry or the central directory")
            }
            bounds[entry.name] = limit
        }
        return bounds
    }
}
