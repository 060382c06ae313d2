/// Enough of `resources.arsc` (`ResTable`) to resolve a reference: a resource identifier to its type and name and,
/// for a file resource (`@xml/…`, `@raw/…`) or a string, the value of its default configuration (else the first).
public struct ResourceTable: Sendable {
    public struct Resource: Sendable, Equatable {
        /// `xml`, `raw`, `string`…
        public let type: String
        public let name: String
        /// The file path (`res/xml/network_security_config.xml`) or the string.
        public let value: ResourceValue
    }

    private var resources: [UInt32: Resource] = [:]
    private var isDefault: [UInt32: Bool] = [:]

    public func resolve(_ id: UInt32) -> Resource? { resources[id] }

    public init(_ bytes: [UInt8], entry: String = "resources.arsc", limits: ScanLimits = ScanLimits()) throws(ScanError)
    {
        let reader = ByteReader(bytes, entry: entry)
        guard try reader.u16(0) == 0x0002 else {
            throw ScanError(.malformed, entry: entry, "not a resource table (no RES_TABLE_TYPE header)")
        }
        let tableEnd = min(try reader.int32(4), bytes.count)
        var cursor = Int(try reader.u16(2))
        var globalPool: StringPool?
        var chunks = 0
        while cursor + 8 <= tableEnd {
            let (type, headerSize, size) = try Self.chunk(reader, at: cursor, end: tableEnd)
            chunks += 1
            guard chunks <= limits.xmlNodes else {
                throw ScanError(.limit, entry: entry, "over \(limits.xmlNodes) chunks")
            }
            if type == 0x0001 {
                globalPool = try StringPool(reader, at: cursor, size: size, limits: limits)
            } else if type == 0x0200, let globalPool {
                try readPackage(
                    reader, at: cursor, headerSize: headerSize, size: size, values: globalPool, limits: limits)
            }
            cursor += size
        }
    }

    private static func chunk(_ reader: ByteReader, at offset: Int, end: Int) throws(ScanError) -> (UInt16, Int, Int) {
        let type = try reader.u16(offset)
        let headerSize = Int(try reader.u16(offset + 2))
        let size = try reader.int32(offset + 4)
        guard size >= 8, headerSize >= 8, headerSize <= size, size <= end - offset else {
            throw ScanError(
                .malformed, entry: reader.entry, "a chunk at offset \(offset) has a size outside its parent")
        }
        return (type, headerSize, size)
    }

    private mutating func readPackage(
        _ reader: ByteReader, at offset: Int, headerSize: Int, size: Int, values: StringPool, limits: ScanLimits
    ) throws(ScanError) {
        let packageID = try reader.u32(offset + 8)
        let typeStringsOffset = try reader.int32(offset + 268)
        let keyStringsOffset = try reader.int32(offset + 276)
        let end = offset + size
        var typeNames: StringPool?
        var keyNames: StringPool?
        var cursor = offset + headerSize
        var chunks = 0
        while cursor + 8 <= end {
            let (type, childHeader, childSize) = try Self.chunk(reader, at: cursor, end: end)
            chunks += 1
            guard chunks <= limits.xmlNodes else {
                throw ScanError(.limit, entry: reader.entry, "over \(limits.xmlNodes) chunks")
            }
            if type == 0x0001 {
                let pool = try StringPool(reader, at: cursor, size: childSize, limits: limits)
                if cursor - offset == typeStringsOffset { typeNames = pool }
                if cursor - offset == keyStringsOffset { keyNames = pool }
            } else if type == 0x0201, let typeNames, let keyNames {
                try readType(
                    reader, at: cursor, headerSize: childHeader, size: childSize, packageID: packageID,
                    names: (typeNames, keyNames), values: values)
            }
            cursor += childSize
        }
    }

    private mutating func readType(
        _ reader: ByteReader, at offset: Int, headerSize: Int, size: Int, packageID: UInt32,
        names: (types: StringPool, keys: StringPool), values: StringPool
    ) throws(ScanError) {
        let typeID = try reader.u8(offset + 8)
        let flags = try reader.u8(offset + 9)
        let entryCount = try reader.int32(offset + 12)
        let entriesStart = offset + (try reader.int32(offset + 16))
        guard typeID > 0, flags & 0x01 == 0, entryCount <= (size - headerSize) / 4, entriesStart <= offset + size else {
            return  // a sparse or unusual type: nothing a scan resolves through it
        }
        // ResTable_config: its first field is its own size; a default configuration is all zeros after it.
        let configSize = try reader.int32(offset + 20)
        var configIsDefault = false
        if configSize >= 4 && configSize <= headerSize - 20 {
            configIsDefault = try reader.slice(offset + 24, configSize - 4).allSatisfy { $0 == 0 }
        }
        let typeName = try names.types.string(UInt32(typeID) - 1) ?? ""
        for index in 0..<entryCount {
            let entryOffset = try reader.u32(offset + headerSize + index * 4)
            if entryOffset == 0xFFFF_FFFF { continue }
            let at = entriesStart + Int(entryOffset)
            guard at + 16 <= offset + size else {
                throw ScanError(.malformed, entry: reader.entry, "a resource entry lies outside its type chunk")
            }
            let entryFlags = try reader.u16(at + 2)
            guard entryFlags & 0x0001 == 0 else { continue }  // a complex (bag) value: styles, arrays
            let id = packageID << 24 | UInt32(typeID) << 16 | UInt32(index)
            if isDefault[id] == true || (resources[id] != nil && !configIsDefault) { continue }
            let key = try names.keys.string(try reader.u32(at + 4)) ?? ""
            let value = try ResourceValue.decode(
                type: try reader.u8(at + 11), data: try reader.u32(at + 12), raw: nil, pool: values)
            resources[id] = Resource(type: typeName, name: key, value: value)
            isDefault[id] = configIsDefault
        }
    }
}
