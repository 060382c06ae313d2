/// A Mach-O file (an iOS executable or framework binary), thin or universal, read from its bytes with every field
/// checked against them (`<mach-o/loader.h>`, `<mach-o/fat.h>`): the fat header's architectures inside the file and
/// apart from each other, each architecture's load commands inside `sizeofcmds` and `sizeofcmds` inside the
/// architecture, sections inside it. What a scan takes from it: each architecture's sections (to say where a string
/// lies), the dylibs it loads, and whether its code is encrypted.
public struct MachOFile: Sendable {
    public struct Section: Equatable, Sendable {
        public let segment: String
        public let name: String
        /// The section's bytes in the whole file.
        public let range: Range<Int>
    }

    public struct Dylib: Equatable, Sendable {
        public let name: String
        public let weak: Bool
        /// The load command's index, from 0.
        public let command: Int
    }

    public struct Architecture: Sendable {
        public let name: String
        /// The architecture's bytes in the whole file (the whole file for a thin Mach-O).
        public let range: Range<Int>
        public let sections: [Section]
        public let dylibs: [Dylib]
        /// The encrypted range (`LC_ENCRYPTION_INFO` with a non-zero `cryptid`) in the whole file.
        public let encrypted: Range<Int>?
    }

    public let entry: String
    public let bytes: [UInt8]
    public let architectures: [Architecture]

    static let fatMagic: UInt32 = 0xCAFE_BABE
    static let fatMagic64: UInt32 = 0xCAFE_BABF

    /// Whether `bytes` start as a Mach-O (thin, either width, or universal) does.
    public static func isMachO(_ bytes: [UInt8]) -> Bool {
        let reader = ByteReader(bytes, entry: "")
        guard let magic = try? reader.u32(0) else { return false }
        return [0xFEED_FACE, 0xFEED_FACF].contains(magic)
            || [fatMagic, fatMagic64].contains(magic.byteSwapped)
    }

    public init(_ bytes: [UInt8], entry: String, limits: ScanLimits = ScanLimits()) throws(ScanError) {
        self.entry = entry
        self.bytes = bytes
        let reader = ByteReader(bytes, entry: entry)
        let magic = try reader.u32(0)
        if magic.byteSwapped == Self.fatMagic || magic.byteSwapped == Self.fatMagic64 {
            architectures = try Self.universal(reader, wide: magic.byteSwapped == Self.fatMagic64, limits: limits)
        } else {
            architectures = [try Self.thin(reader, range: 0..<bytes.count, limits: limits)]
        }
    }

    /// A universal file: `nfat_arch` architectures, each a thin Mach-O inside the file, none overlapping another or
    /// the header, none universal itself.
    private static func universal(
        _ reader: ByteReader, wide: Bool, limits: ScanLimits
    ) throws(ScanError) -> [Architecture] {
        let count = Int(try reader.u32BigEndian(4))
        guard count >= 1 else {
            throw ScanError(.malformed, entry: reader.entry, "a universal Mach-O with no architecture")
        }
        guard count <= limits.machOArchitectures else {
            throw ScanError(
                .limit, entry: reader.entry,
                "a universal Mach-O claiming \(count) architectures, over \(limits.machOArchitectures)")
        }
        let recordSize = wide ? 32 : 20
        let headerEnd = 8 + count * recordSize
        try reader.check(0, headerEnd)
        var ranges: [Range<Int>] = []
        for index in 0..<count {
            let record = 8 + index * recordSize
            let offset = try wide ? reader.u64BigEndian(record + 8) : UInt64(reader.u32BigEndian(record + 8))
            let size = try wide ? reader.u64BigEndian(record + 16) : UInt64(reader.u32BigEndian(record + 12))
            guard offset >= UInt64(headerEnd), offset <= UInt64(reader.count), size <= UInt64(reader.count) - offset
            else {
                throw ScanError(
                    .malformed, entry: reader.entry,
                    "architecture \(index + 1) of the universal Mach-O lies outside the file (offset \(offset), "
                        + "\(size) bytes, of \(reader.count))")
            }
            ranges.append(Int(offset)..<Int(offset + size))
        }
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.upperBound > second.lowerBound {
            throw ScanError(
                .duplicateOrOverlap, entry: reader.entry,
                "two architectures of the universal Mach-O overlap (bytes \(second.lowerBound)..<\(first.upperBound))")
        }
        var architectures: [Architecture] = []
        for range in ranges {
            architectures.append(try thin(reader, range: range, limits: limits))
        }
        return architectures
    }

    /// One architecture: its header, then `ncmds` load commands that must fit `sizeofcmds`, which must fit the
    /// architecture.
    private static func thin(
        _ reader: ByteReader, range: Range<Int>, limits: ScanLimits
    ) throws(ScanError) -> Architecture {
        let base = range.lowerBound
        let magic = try range.count >= 4 ? reader.u32(base) : 0
        guard magic == 0xFEED_FACE || magic == 0xFEED_FACF else {
            let what =
                [fatMagic, fatMagic64].contains(magic.byteSwapped)
                ? "a universal Mach-O nested in another"
                : ([0xCEFA_EDFE, 0xCFFA_EDFE].contains(magic)
                    ? "a big-endian Mach-O (no iOS device runs one)"
                    : "not a Mach-O")
            throw ScanError(.malformed, entry: reader.entry, "\(what) at offset \(base)")
        }
        let wide = magic == 0xFEED_FACF
        let headerSize = wide ? 32 : 28
        guard range.count >= headerSize else {
            throw ScanError(.malformed, entry: reader.entry, "a Mach-O header cut short at offset \(base)")
        }
        let name = architectureName(try reader.u32(base + 4), subtype: try reader.u32(base + 8))
        let commandCount = try reader.int32(base + 16)
        let commandsSize = try reader.int32(base + 20)
        guard commandCount <= limits.machOLoadCommands else {
            throw ScanError(
                .limit, entry: reader.entry,
                "\(name): \(commandCount) load commands, over the \(limits.machOLoadCommands) read")
        }
        guard commandsSize <= range.count - headerSize else {
            throw ScanError(
                .malformed, entry: reader.entry,
                "\(name): sizeofcmds (\(commandsSize) bytes) runs past the architecture's \(range.count) bytes")
        }
        var cursor = base + headerSize
        let end = cursor + commandsSize
        var sections: [Section] = []
        var dylibs: [Dylib] = []
        var encrypted: Range<Int>?
        for index in 0..<commandCount {
            guard cursor <= end - 8 else {
                throw ScanError(
                    .malformed, entry: reader.entry,
                    "\(name): load command \(index + 1) of \(commandCount) lies past sizeofcmds (\(commandsSize) bytes)"
                )
            }
            let command = try reader.u32(cursor)
            let size = try reader.int32(cursor + 4)
            guard size >= 8, size <= end - cursor else {
                throw ScanError(
                    .malformed, entry: reader.entry,
                    "\(name): load command \(index + 1) declares \(size) bytes, outside sizeofcmds")
            }
            let body = ByteReader(Array(try reader.slice(cursor, size)), entry: reader.entry)
            switch command {
            case 0x1, 0x19:
                sections += try self.sections(body, wide: command == 0x19, architecture: range, name: name)
            case 0xC, 0x8000_0018, 0x8000_001F, 0x20, 0x8000_0023:
                dylibs.append(
                    Dylib(name: try dylibName(body, name: name), weak: command == 0x8000_0018, command: index))
            case 0x21, 0x2C:
                // LC_ENCRYPTION_INFO(_64): cryptoff, cryptsize, cryptid.
                let offset = try body.int32(8)
                let length = try body.int32(12)
                if try body.u32(16) != 0, offset <= range.count, length <= range.count - offset {
                    encrypted = base + offset..<base + offset + length
                }
            default:
                break
            }
            cursor += size
        }
        return Architecture(name: name, range: range, sections: sections, dylibs: dylibs, encrypted: encrypted)
    }

    /// A segment command's sections: each one's bytes inside the architecture (zero-fill sections have none).
    private static func sections(
        _ body: ByteReader, wide: Bool, architecture: Range<Int>, name: String
    ) throws(ScanError) -> [Section] {
        let headerSize = wide ? 72 : 56
        let sectionSize = wide ? 80 : 68
        let count = try body.int32(wide ? 64 : 48)
        guard body.count >= headerSize, count <= (body.count - headerSize) / sectionSize else {
            throw ScanError(
                .malformed, entry: body.entry, "\(name): a segment claims \(count) sections its command cannot hold")
        }
        var sections: [Section] = []
        for index in 0..<count {
            let start = headerSize + index * sectionSize
            let sectionName = text(try body.slice(start, 16))
            let segment = text(try body.slice(start + 16, 16))
            let size = try wide ? body.u64(start + 40) : UInt64(body.u32(start + 36))
            let offset = UInt64(try body.u32(start + (wide ? 48 : 40)))
            let type = try body.u32(start + (wide ? 64 : 56)) & 0xFF
            // S_ZEROFILL, S_GB_ZEROFILL, S_THREAD_LOCAL_ZEROFILL: no bytes in the file.
            if [0x1, 0xC, 0x12].contains(type) { continue }
            guard offset <= UInt64(architecture.count), size <= UInt64(architecture.count) - offset else {
                throw ScanError(
                    .malformed, entry: body.entry,
                    "\(name): section \(segment),\(sectionName) lies outside the architecture (offset \(offset), "
                        + "\(size) bytes)")
            }
            let lower = architecture.lowerBound + Int(offset)
            sections.append(Section(segment: segment, name: sectionName, range: lower..<lower + Int(size)))
        }
        return sections
    }

    /// A dylib command's name: a NUL-terminated string at the offset `lc_str` gives, inside the command.
    private static func dylibName(_ body: ByteReader, name: String) throws(ScanError) -> String {
        let offset = try body.int32(8)
        guard offset >= 24, offset < body.count else {
            throw ScanError(.malformed, entry: body.entry, "\(name): a dylib command's name lies outside it")
        }
        let tail = try body.slice(offset, body.count - offset)
        return String(decoding: tail.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// A fixed 16-byte name field, up to its first NUL.
    private static func text(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }

    static func architectureName(_ type: UInt32, subtype: UInt32) -> String {
        switch type {
        case 0x0100_000C: subtype & 0xFF == 2 ? "arm64e" : "arm64"
        case 0x0200_000C: "arm64_32"
        case 0xC: "armv7"
        case 0x0100_0007: "x86_64"
        case 0x7: "i386"
        default: "cpu 0x" + String(type, radix: 16)
        }
    }

    /// The section of `architecture` holding byte `offset` of the file, as `__TEXT,__cstring`.
    func section(at offset: Int, in architecture: Architecture) -> Section? {
        architecture.sections.first { $0.range.contains(offset) }
    }
}
