/// Little-endian reads at offsets into bytes from a build, every one checked against the bounds: a field that
/// points past the end is an error naming the entry, never a trap.
struct ByteReader {
    let bytes: [UInt8]
    /// The archive entry the bytes came from, for errors.
    let entry: String

    init(_ bytes: [UInt8], entry: String) {
        self.bytes = bytes
        self.entry = entry
    }

    var count: Int { bytes.count }

    func u8(_ offset: Int) throws(ScanError) -> UInt8 {
        try check(offset, 1)
        return bytes[offset]
    }

    func u16(_ offset: Int) throws(ScanError) -> UInt16 {
        try check(offset, 2)
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    func u32(_ offset: Int) throws(ScanError) -> UInt32 {
        try check(offset, 4)
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    func u64(_ offset: Int) throws(ScanError) -> UInt64 {
        UInt64(try u32(offset)) | UInt64(try u32(offset + 4)) << 32
    }

    /// Big-endian, as a universal Mach-O's fat header is written.
    func u32BigEndian(_ offset: Int) throws(ScanError) -> UInt32 {
        try u32(offset).byteSwapped
    }

    func u64BigEndian(_ offset: Int) throws(ScanError) -> UInt64 {
        UInt64(try u32BigEndian(offset)) << 32 | UInt64(try u32BigEndian(offset + 4))
    }

    /// `u32` as an `Int` (always fits: the platforms are 64-bit).
    func int32(_ offset: Int) throws(ScanError) -> Int { Int(try u32(offset)) }

    func slice(_ offset: Int, _ length: Int) throws(ScanError) -> ArraySlice<UInt8> {
        try check(offset, length)
        return bytes[offset..<offset + length]
    }

    /// Throws unless `length` bytes start at `offset` inside the bytes.
    func check(_ offset: Int, _ length: Int) throws(ScanError) {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw ScanError(
                .malformed, entry: entry,
                "\(length) bytes at offset \(offset) lie outside the \(bytes.count) bytes there are")
        }
    }
}
