/// A reader of the parts of a DEX file (source.android.com/docs/core/runtime/dex-format) a scan needs: the string
/// table, and the `const-string` instructions of each method, in order, so that a pin literal can be paired with
/// the host literal loaded before it (`CertificatePinner.Builder().add("api.example.com", "sha256/…")`). Every
/// offset is checked against the file: a string table pointing outside it is an error naming the entry.
public struct DexFile: Sendable {
    /// A string of the table and where its data starts.
    public struct StringLiteral: Sendable, Equatable {
        public let index: Int
        public let text: String
        public let offset: Int
    }

    public let entry: String
    private let reader: ByteReader
    private let limits: ScanLimits
    public let stringCount: Int
    /// The file's size in bytes.
    public var size: Int { reader.count }
    private let stringIDsOffset: Int

    public init(_ bytes: [UInt8], entry: String, limits: ScanLimits = ScanLimits()) throws(ScanError) {
        self.entry = entry
        self.limits = limits
        reader = ByteReader(bytes, entry: entry)
        guard bytes.count >= 0x70, bytes[0..<4].elementsEqual(Array("dex\n".utf8)) else {
            throw ScanError(.malformed, entry: entry, "not a DEX file (no dex\\n magic)")
        }
        guard try reader.u32(40) == 0x1234_5678 else {
            throw ScanError(.unsupported, entry: entry, "a DEX file that is not little-endian")
        }
        stringCount = try reader.int32(56)
        stringIDsOffset = try reader.int32(60)
        guard stringCount <= limits.dexStrings else {
            throw ScanError(
                .limit, entry: entry, "the string table claims \(stringCount) strings, over \(limits.dexStrings)")
        }
        guard stringCount <= (bytes.count - min(stringIDsOffset, bytes.count)) / 4 else {
            throw ScanError(
                .malformed, entry: entry,
                "the string table (\(stringCount) entries at \(stringIDsOffset)) lies outside the file")
        }
    }

    /// The string at `index` of the table when it is at most `maxBytes` long (MUTF-8 read as UTF-8: pins and hosts
    /// are ASCII), else nil: a scan looks only at short strings, so no string costs more than `maxBytes` to read.
    public func string(_ index: Int, maxBytes: Int = 300) throws(ScanError) -> StringLiteral? {
        let offset = try reader.int32(stringIDsOffset + index * 4)
        guard offset < reader.count else {
            throw ScanError(.malformed, entry: entry, "string \(index) points to offset \(offset), outside the file")
        }
        // The ULEB128 length in UTF-16 units, then the bytes up to a NUL.
        var cursor = offset
        let units = try uleb(&cursor)
        guard units <= maxBytes else { return nil }
        let end = min(reader.count, cursor + units * 3 + 1)
        guard let nul = reader.bytes[cursor..<end].firstIndex(of: 0) else {
            throw ScanError(
                .malformed, entry: entry, "string \(index) at offset \(offset) does not end where its length says")
        }
        guard nul - cursor <= maxBytes else { return nil }
        return StringLiteral(
            index: index, text: String(decoding: reader.bytes[cursor..<nul], as: UTF8.self), offset: offset)
    }

    /// The strings of the table that start with one of `prefixes` (checked on the bytes before anything is decoded).
    public func strings(withPrefix prefixes: [String], maxBytes: Int = 300) throws(ScanError) -> [StringLiteral] {
        let prefixBytes = prefixes.map { Array($0.utf8) }
        var result: [StringLiteral] = []
        for index in 0..<stringCount {
            var cursor = try reader.int32(stringIDsOffset + index * 4)
            guard cursor < reader.count else {
                throw ScanError(
                    .malformed, entry: entry, "string \(index) points to offset \(cursor), outside the file")
            }
            _ = try uleb(&cursor)
            let matches = prefixBytes.contains { prefix in
                cursor + prefix.count <= reader.count
                    && reader.bytes[cursor..<cursor + prefix.count].elementsEqual(prefix)
            }
            if matches, let literal = try string(index, maxBytes: maxBytes) { result.append(literal) }
        }
        return result
    }

    /// The string indices each method loads with `const-string`, in instruction order, one list per method with
    /// code (class_defs → class_data → code_item).
    public func constStringsByMethod() throws(ScanError) -> [[Int]] {
        let classCount = try reader.int32(96)
        let classDefs = try reader.int32(100)
        guard classCount <= (reader.count - min(classDefs, reader.count)) / 32 else {
            throw ScanError(.malformed, entry: entry, "the class table lies outside the file")
        }
        var methods: [[Int]] = []
        // A real DEX holds each instruction once: code walked past the file's size means code items overlap.
        var budget = reader.count
        for index in 0..<classCount {
            let classData = try reader.int32(classDefs + index * 32 + 24)
            guard classData != 0 else { continue }
            for code in try codeOffsets(classData) {
                methods.append(try constStrings(code, budget: &budget))
                guard methods.count <= limits.dexCodeItems else {
                    throw ScanError(.limit, entry: entry, "over \(limits.dexCodeItems) methods")
                }
            }
        }
        return methods
    }

    private func codeOffsets(_ offset: Int) throws(ScanError) -> [Int] {
        var cursor = offset
        let staticFields = try uleb(&cursor)
        let instanceFields = try uleb(&cursor)
        let directMethods = try uleb(&cursor)
        let virtualMethods = try uleb(&cursor)
        // Each field is two ULEB128s and each method three, of a byte at least: counts past the file are lies.
        guard staticFields + instanceFields + directMethods + virtualMethods <= reader.count else {
            throw ScanError(.malformed, entry: entry, "a class claims more members than the file holds")
        }
        for _ in 0..<(staticFields + instanceFields) * 2 { _ = try uleb(&cursor) }
        var offsets: [Int] = []
        for _ in 0..<(directMethods + virtualMethods) {
            _ = try uleb(&cursor)
            _ = try uleb(&cursor)
            let code = try uleb(&cursor)
            if code != 0 { offsets.append(code) }
        }
        return offsets
    }

    private func constStrings(_ code: Int, budget: inout Int) throws(ScanError) -> [Int] {
        let units = try reader.int32(code + 12)
        budget -= units
        guard budget >= 0 else {
            throw ScanError(.limit, entry: entry, "its methods' code adds up past the file's size (overlapping code)")
        }
        let start = code + 16
        guard units <= (reader.count - min(start, reader.count)) / 2 else {
            throw ScanError(.malformed, entry: entry, "a method's code at \(code) runs past the file")
        }
        var found: [Int] = []
        var pc = 0
        while pc < units {
            let unit = try reader.u16(start + pc * 2)
            let opcode = Int(unit & 0xFF)
            switch opcode {
            case 0x1a: found.append(Int(try reader.u16(start + pc * 2 + 2)))
            case 0x1b: found.append(try reader.int32(start + pc * 2 + 2))
            default: break
            }
            pc += try width(opcode: opcode, unit: unit, at: start + pc * 2)
        }
        return found
    }

    /// An instruction's length in code units (the Dalvik formats), payload pseudo-instructions included.
    private func width(opcode: Int, unit: UInt16, at offset: Int) throws(ScanError) -> Int {
        if opcode == 0 {
            switch unit {
            case 0x0100: return Int(try reader.u16(offset + 2)) * 2 + 4
            case 0x0200: return Int(try reader.u16(offset + 2)) * 4 + 2
            case 0x0300:
                let elementWidth = Int(try reader.u16(offset + 2))
                return (try reader.int32(offset + 4) * elementWidth + 1) / 2 + 4
            default: return 1
            }
        }
        return Self.widths[opcode]
    }

    private static let widths: [Int] = {
        var table = [Int](repeating: 1, count: 256)
        func set(_ range: ClosedRange<Int>, _ width: Int) { for opcode in range { table[opcode] = width } }
        set(0x02...0x02, 2); set(0x03...0x03, 3); set(0x05...0x05, 2); set(0x06...0x06, 3)
        set(0x08...0x08, 2); set(0x09...0x09, 3); set(0x13...0x13, 2); set(0x14...0x14, 3)
        set(0x15...0x16, 2); set(0x17...0x17, 3); set(0x18...0x18, 5); set(0x19...0x1a, 2)
        set(0x1b...0x1b, 3); set(0x1c...0x1c, 2); set(0x1f...0x20, 2); set(0x22...0x23, 2)
        set(0x24...0x26, 3); set(0x29...0x29, 2); set(0x2a...0x2c, 3); set(0x2d...0x3d, 2)
        set(0x44...0x6d, 2); set(0x6e...0x72, 3); set(0x74...0x78, 3); set(0x90...0xaf, 2)
        set(0xd0...0xe2, 2); set(0xfa...0xfb, 4); set(0xfc...0xfd, 3); set(0xfe...0xff, 2)
        return table
    }()

    private func uleb(_ cursor: inout Int) throws(ScanError) -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = try reader.u8(cursor)
            cursor += 1
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
            guard shift < 35 else { throw ScanError(.malformed, entry: entry, "a ULEB128 longer than five bytes") }
        }
    }
}
