/// An Android `ResStringPool` chunk (binary XML, resources.arsc): UTF-8 or UTF-16 strings by index, decoded only
/// when asked for. Its counts are checked against the chunk's own size before anything is allocated: a pool that
/// claims a billion strings in a few bytes is an error, never a billion-entry array. Each string is decoded once,
/// and all decoding stops at a budget of four times the pool's bytes: strings that overlap each other (many indices
/// and offsets into one long string) cannot make the work grow with their square.
final class StringPool {
    private var decoded: [UInt32: String] = [:]
    private var budget: Int
    private let reader: ByteReader
    private let start: Int
    private let end: Int
    private let stringsStart: Int
    private let isUTF8: Bool
    private let headerSize: Int
    let count: Int

    /// Reads the header of the pool chunk at `offset` (type 0x0001), `size` bytes long.
    init(_ reader: ByteReader, at offset: Int, size: Int, limits: ScanLimits) throws(ScanError) {
        self.reader = reader
        start = offset
        end = offset + size
        budget = 4 * size + 4_096
        headerSize = Int(try reader.u16(offset + 2))
        count = try reader.int32(offset + 8)
        let flags = try reader.u32(offset + 16)
        isUTF8 = flags & 0x100 != 0
        stringsStart = offset + (try reader.int32(offset + 20))
        guard headerSize >= 28 else {
            throw ScanError(.malformed, entry: reader.entry, "a string pool's header is short")
        }
        guard count <= limits.poolStrings else {
            throw ScanError(
                .limit, entry: reader.entry, "a string pool claims \(count) strings, over \(limits.poolStrings)")
        }
        // The offsets table must fit in the chunk, and the strings start inside it.
        guard count <= (size - headerSize) / 4, stringsStart <= end, count == 0 || stringsStart >= offset + headerSize
        else {
            throw ScanError(
                .malformed, entry: reader.entry, "a string pool claims \(count) strings its \(size) bytes cannot hold")
        }
    }

    /// The string at `index`; nil for the "no string" index 0xFFFFFFFF.
    func string(_ index: UInt32) throws(ScanError) -> String? {
        if index == 0xFFFF_FFFF { return nil }
        if let known = decoded[index] { return known }
        guard Int(index) < count else {
            throw ScanError(.malformed, entry: reader.entry, "string index \(index) is outside the pool of \(count)")
        }
        let offset = stringsStart + (try reader.int32(start + headerSize + Int(index) * 4))
        guard offset < end else {
            throw ScanError(.malformed, entry: reader.entry, "string \(index) starts outside its pool")
        }
        let text = isUTF8 ? try utf8(at: offset) : try utf16(at: offset)
        budget -= text.utf8.count + 1
        guard budget >= 0 else {
            throw ScanError(
                .limit, entry: reader.entry, "its strings overlap: decoding them passes four times their pool")
        }
        decoded[index] = text
        return text
    }

    private func utf8(at offset: Int) throws(ScanError) -> String {
        // Two lengths, each one or two bytes: in UTF-16 units (skipped), then in bytes.
        var cursor = offset
        cursor += (try reader.u8(cursor)) & 0x80 != 0 ? 2 : 1
        var length = Int(try reader.u8(cursor))
        if length & 0x80 != 0 {
            length = (length & 0x7F) << 8 | Int(try reader.u8(cursor + 1))
            cursor += 2
        } else {
            cursor += 1
        }
        guard cursor + length <= end else {
            throw ScanError(.malformed, entry: reader.entry, "a string runs past its pool")
        }
        return String(decoding: try reader.slice(cursor, length), as: UTF8.self)
    }

    private func utf16(at offset: Int) throws(ScanError) -> String {
        var cursor = offset
        var length = Int(try reader.u16(cursor))
        if length & 0x8000 != 0 {
            length = (length & 0x7FFF) << 16 | Int(try reader.u16(cursor + 2))
            cursor += 4
        } else {
            cursor += 2
        }
        guard length <= (end - cursor) / 2 else {
            throw ScanError(.malformed, entry: reader.entry, "a string runs past its pool")
        }
        var units: [UInt16] = []
        units.reserveCapacity(length)
        for unit in 0..<length { units.append(try reader.u16(cursor + unit * 2)) }
        return String(decoding: units, as: UTF16.self)
    }
}
