import Foundation

/// Reads a binary property list (`bplist00`, the format Apple's CFBinaryPList.c writes) within a
/// ``PropertyListBudget``.
///
/// The file is a table of objects; arrays and dictionaries hold references into it, and two containers may
/// reference the same object. Each reference followed is a visit counted against the budget, so a file whose
/// containers share each other (a kilobyte naming 2^40 objects) stops at the budget's bound instead of expanding.
/// Nesting is bounded by ``ImportLimits/maximumXMLDepth``, which also ends a reference cycle.
struct BinaryPropertyListReader {
    static let magic = Array("bplist00".utf8)

    private let bytes: [UInt8]
    private let path: String
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTable: Int
    private var budget: PropertyListBudget

    /// Whether `data` starts as a binary property list does.
    static func isBinary(_ data: Data) -> Bool { data.starts(with: magic) }

    /// The root value of `data`, or the reason it is not a binary property list within the budget.
    static func read(_ data: Data, path: String) throws(ImportError) -> PropertyListValue {
        var reader = try BinaryPropertyListReader(Array(data), path: path)
        return try reader.rootValue()
    }

    private init(_ bytes: [UInt8], path: String) throws(ImportError) {
        self.bytes = bytes
        self.path = path
        budget = PropertyListBudget(path: path)
        // The trailer: 6 unused bytes and the sort version, then the sizes and positions of everything else.
        let trailerSize = 32
        guard bytes.starts(with: Self.magic), bytes.count >= Self.magic.count + 1 + trailerSize else {
            throw Self.malformed(path, "is too short for a binary property list")
        }
        let trailer = bytes.count - trailerSize
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.unsigned(bytes[(trailer + 8)..<(trailer + 16)])
        let top = Self.unsigned(bytes[(trailer + 16)..<(trailer + 24)])
        let table = Self.unsigned(bytes[(trailer + 24)..<(trailer + 32)])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count >= 1, top < count,
            table >= UInt64(Self.magic.count + 1), table <= UInt64(trailer),
            count <= (UInt64(trailer) - table) / UInt64(offsetSize)
        else {
            throw Self.malformed(path, "has a binary property list trailer that does not fit the file")
        }
        objectCount = Int(count)
        offsetTable = Int(table)
        rootIndex = Int(top)
    }

    private let rootIndex: Int

    private mutating func rootValue() throws(ImportError) -> PropertyListValue {
        try value(at: rootIndex, depth: 0)
    }

    /// The object at `index` of the offset table, counted against the budget, its containers read `depth` deep.
    private mutating func value(at index: Int, depth: Int) throws(ImportError) -> PropertyListValue {
        var cursor = try objectOffset(of: index, depth: depth)
        let marker = bytes[cursor]
        cursor += 1
        switch marker >> 4 {
        case 0x0, 0x1, 0x2, 0x3, 0x8: return try scalar(marker, at: cursor)
        case 0x4, 0x5, 0x6: return try bytesOrText(marker, at: cursor)
        case 0xA, 0xB, 0xC: return try array(marker, at: cursor, depth: depth)
        case 0xD: return try dictionary(marker, at: cursor, depth: depth)
        default: throw Self.malformed(path, "holds an unknown object marker")
        }
    }

    /// Where the object at `index` starts, once its depth and its entry in the offset table are known to be sound.
    private func objectOffset(of index: Int, depth: Int) throws(ImportError) -> Int {
        guard depth < ImportLimits.maximumXMLDepth else {
            throw ImportError(
                .tooDeep, path: path,
                reason: "nests containers deeper than \(ImportLimits.maximumXMLDepth) levels (or they reference "
                    + "each other in a cycle)")
        }
        guard index < objectCount else { throw Self.malformed(path, "references an object that does not exist") }
        let entry = offsetTable + index * offsetSize
        let offset = Self.unsigned(bytes[entry..<(entry + offsetSize)])
        guard offset >= UInt64(Self.magic.count), offset < UInt64(offsetTable) else {
            throw Self.malformed(path, "has an object offset outside its object area")
        }
        return Int(offset)
    }

    /// A fixed-size object (null, boolean, integer, real, date, UID) whose payload starts at `cursor`: only its
    /// kind is kept, the value is checked to fit the object area.
    private mutating func scalar(_ marker: UInt8, at cursor: Int) throws(ImportError) -> PropertyListValue {
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            try budget.visit()
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            case 0x00, 0x0F: return .other("null")
            default: throw Self.malformed(path, "holds an unknown object marker")
            }
        case 0x1, 0x2:
            let isInteger = marker >> 4 == 0x1
            guard isInteger ? low <= 4 : (low == 2 || low == 3) else {
                throw Self.malformed(path, "holds a number of an unknown size")
            }
            _ = try span(at: cursor, count: 1 << low)
            try budget.visit()
            return .other(isInteger ? "integer" : "real")
        case 0x3:
            guard marker == 0x33 else { throw Self.malformed(path, "holds an unknown object marker") }
            _ = try span(at: cursor, count: 8)
            try budget.visit()
            return .other("date")
        default:
            _ = try span(at: cursor, count: low + 1)
            try budget.visit()
            return .other("UID")
        }
    }

    /// Data (kept as its kind only), an ASCII string or a UTF-16 string, its length counted as decoded bytes.
    private mutating func bytesOrText(_ marker: UInt8, at start: Int) throws(ImportError) -> PropertyListValue {
        var cursor = start
        let length = try self.length(Int(marker & 0x0F), at: &cursor)
        switch marker >> 4 {
        case 0x4:
            _ = try span(at: cursor, count: length)
            try budget.visit(decodedBytes: length)
            return .other("data")
        case 0x5:
            let text = try span(at: cursor, count: length)
            try budget.visit(decodedBytes: length)
            guard text.allSatisfy({ $0 < 0x80 }) else {
                throw Self.malformed(path, "holds an ASCII string with a byte outside ASCII")
            }
            return .string(String(decoding: text, as: UTF8.self))
        default:
            let (byteCount, overflow) = length.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw Self.malformed(path, "holds a string longer than the file") }
            let text = try span(at: cursor, count: byteCount)
            try budget.visit(decodedBytes: byteCount)
            let units = stride(from: text.startIndex, to: text.endIndex, by: 2).map {
                UInt16(text[$0]) << 8 | UInt16(text[$0 + 1])
            }
            return .string(String(decoding: units, as: UTF16.self))
        }
    }

    /// An array, its items read one level deeper; a set (or ordered set) is kept as its kind only, its references
    /// checked but not followed.
    private mutating func array(_ marker: UInt8, at start: Int, depth: Int) throws(ImportError) -> PropertyListValue {
        var cursor = start
        let count = try self.length(Int(marker & 0x0F), at: &cursor)
        let references = try self.references(at: cursor, count: count)
        try budget.visit()
        guard marker >> 4 == 0xA else { return .other("set") }
        var items: [PropertyListValue] = []
        for reference in references { items.append(try value(at: reference, depth: depth + 1)) }
        return .array(items)
    }

    /// A dictionary: its keys (which must be strings), then its values, each read one level deeper.
    private mutating func dictionary(
        _ marker: UInt8, at start: Int, depth: Int
    ) throws(ImportError) -> PropertyListValue {
        var cursor = start
        let count = try self.length(Int(marker & 0x0F), at: &cursor)
        let keys = try references(at: cursor, count: count)
        let values = try references(at: cursor + count * referenceSize, count: count)
        try budget.visit()
        var entries: [(key: String, value: PropertyListValue)] = []
        for (key, value) in zip(keys, values) {
            guard let name = try self.value(at: key, depth: depth + 1).string else {
                throw Self.malformed(path, "holds a dictionary whose key is not a string")
            }
            entries.append((name, try self.value(at: value, depth: depth + 1)))
        }
        return .dictionary(PropertyListDictionary(entries))
    }

    /// A length: the marker's low nibble, or (when it is 15) the integer object that follows.
    private func length(_ low: Int, at cursor: inout Int) throws(ImportError) -> Int {
        guard low == 0x0F else { return low }
        let marker = try span(at: cursor, count: 1)[cursor]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw Self.malformed(path, "holds a length that is not an integer")
        }
        let size = 1 << Int(marker & 0x0F)
        let value = Self.unsigned(try span(at: cursor + 1, count: size))
        cursor += 1 + size
        guard value <= UInt64(offsetTable) else { throw Self.malformed(path, "holds a length longer than the file") }
        return Int(value)
    }

    /// `count` object references starting at `cursor`.
    private func references(at cursor: Int, count: Int) throws(ImportError) -> [Int] {
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: referenceSize)
        guard !overflow else { throw Self.malformed(path, "holds a container longer than the file") }
        let area = try span(at: cursor, count: byteCount)
        return stride(from: area.startIndex, to: area.endIndex, by: referenceSize).map {
            let reference = Self.unsigned(area[$0..<($0 + referenceSize)])
            return reference < UInt64(objectCount) ? Int(reference) : objectCount
        }
    }

    /// The `count` bytes at `start`, which must lie inside the object area (before the offset table).
    private func span(at start: Int, count: Int) throws(ImportError) -> ArraySlice<UInt8> {
        guard count >= 0, start <= offsetTable, count <= offsetTable - start else {
            throw Self.malformed(path, "holds an object that runs past its object area")
        }
        return bytes[start..<(start + count)]
    }

    private static func unsigned(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func malformed(_ path: String, _ what: String) -> ImportError {
        ImportError(.notAPropertyList, path: path, reason: what + "; give the Info.plist as Xcode writes it")
    }
}
