import PinningCore

/// One element of an Android binary XML document, with its attributes and its text.
public struct BinaryXMLElement: Sendable, Equatable {
    public struct Attribute: Sendable, Equatable {
        /// The attribute's name; for an attribute the resource map identifies (`android:…`), the framework's name for
        /// that identifier, which is what Android itself goes by (the name string can say anything).
        public let name: String
        public let namespace: String?
        public let value: ResourceValue
    }

    public let name: String
    public let line: Int
    public var attributes: [Attribute]
    public var children: [BinaryXMLElement]
    /// The character data directly inside the element, joined (a `<domain>`'s host, a `<pin>`'s digest).
    public var text: String

    /// The value of the attribute `name` (in any namespace: the config's are in none, the manifest's in android's).
    public func attribute(_ name: String) -> ResourceValue? {
        attributes.first { $0.name == name }?.value
    }
}

/// A reader of Android's binary XML (`ResXMLTree`, frameworks/base/libs/androidfw/include/androidfw/ResourceTypes.h):
/// a string pool, a resource map, then namespace, element and text chunks. Bounded: nodes and depth by
/// ``ScanLimits``, every offset inside its chunk. `AndroidManifest.xml` and `res/xml/*.xml` in an APK are such files.
public enum BinaryXML {
    /// The framework's names for the attribute resource identifiers a scan reads (android.R.attr).
    static let frameworkAttributes: [UInt32: String] = [
        0x0101_021b: "versionCode", 0x0101_021c: "versionName", 0x0101_020c: "minSdkVersion",
        0x0101_0270: "targetSdkVersion", 0x0101_000f: "debuggable", 0x0101_0527: "networkSecurityConfig",
        0x0101_04ec: "usesCleartextTraffic", 0x0101_0003: "name",
    ]

    /// The document's root element.
    public static func parse(
        _ bytes: [UInt8], entry: String, limits: ScanLimits = ScanLimits()
    ) throws(ScanError)
        -> BinaryXMLElement
    {
        let reader = ByteReader(bytes, entry: entry)
        guard try reader.u16(0) == 0x0003 else {
            throw ScanError(.malformed, entry: entry, "not Android binary XML (no RES_XML_TYPE header)")
        }
        let documentEnd = min(try reader.int32(4), bytes.count)
        var cursor = Int(try reader.u16(2))
        var pool: StringPool?
        var resourceIDs: [UInt32] = []
        var stack: [BinaryXMLElement] = []
        var root: BinaryXMLElement?
        var nodes = 0
        while cursor + 8 <= documentEnd {
            let type = try reader.u16(cursor)
            let headerSize = Int(try reader.u16(cursor + 2))
            let size = try reader.int32(cursor + 4)
            guard size >= 8, headerSize >= 8, headerSize <= size, size <= documentEnd - cursor else {
                throw ScanError(.malformed, entry: entry, "a chunk at offset \(cursor) has a size outside the document")
            }
            nodes += 1
            guard nodes <= limits.xmlNodes else {
                throw ScanError(.limit, entry: entry, "over \(limits.xmlNodes) chunks")
            }
            switch type {
            case 0x0001:
                pool = try StringPool(reader, at: cursor, size: size, limits: limits)
            case 0x0180:
                let count = (size - headerSize) / 4
                resourceIDs = []
                resourceIDs.reserveCapacity(count)
                for index in 0..<count { resourceIDs.append(try reader.u32(cursor + headerSize + index * 4)) }
            case 0x0102:
                guard let pool else { throw ScanError(.malformed, entry: entry, "an element before the string pool") }
                guard stack.count < limits.xmlDepth else {
                    throw ScanError(.limit, entry: entry, "elements nested over \(limits.xmlDepth) deep")
                }
                stack.append(
                    try element(reader, at: cursor, headerSize: headerSize, size: size, pool: pool, ids: resourceIDs))
            case 0x0103:
                guard let closed = stack.popLast() else {
                    throw ScanError(.malformed, entry: entry, "an end tag with no element open at offset \(cursor)")
                }
                if stack.isEmpty {
                    guard root == nil else { throw ScanError(.malformed, entry: entry, "two root elements") }
                    root = closed
                } else {
                    stack[stack.count - 1].children.append(closed)
                }
            case 0x0104:
                guard let pool else { throw ScanError(.malformed, entry: entry, "text before the string pool") }
                if !stack.isEmpty, let text = try pool.string(try reader.u32(cursor + headerSize)) {
                    stack[stack.count - 1].text += text
                }
            default:
                break  // namespaces and chunks a scan does not need
            }
            cursor += size
        }
        guard stack.isEmpty, let root else {
            throw ScanError(.malformed, entry: entry, "the document ends inside an element, or has none")
        }
        return root
    }

    private static func element(
        _ reader: ByteReader, at offset: Int, headerSize: Int, size: Int, pool: StringPool, ids: [UInt32]
    ) throws(ScanError) -> BinaryXMLElement {
        let body = offset + headerSize
        let line = try reader.int32(offset + 8)
        let name = try pool.string(try reader.u32(body + 4)) ?? ""
        let attributeStart = Int(try reader.u16(body + 8))
        let attributeSize = Int(try reader.u16(body + 10))
        let attributeCount = Int(try reader.u16(body + 12))
        guard attributeSize >= 20, body + attributeStart + attributeCount * attributeSize <= offset + size else {
            throw ScanError(
                .malformed, entry: reader.entry, "the attributes of <\(name.terminalSafe)> lie outside its chunk")
        }
        var attributes: [BinaryXMLElement.Attribute] = []
        for index in 0..<attributeCount {
            let at = body + attributeStart + index * attributeSize
            let nameIndex = try reader.u32(at + 4)
            var attributeName = try pool.string(nameIndex) ?? ""
            // Android matches attributes by resource identifier: an identifier overrules the name string.
            if Int(nameIndex) < ids.count, ids[Int(nameIndex)] != 0 {
                let id = ids[Int(nameIndex)]
                attributeName = frameworkAttributes[id] ?? "0x" + String(id, radix: 16)
            }
            let raw = try pool.string(try reader.u32(at + 8))
            let value = try ResourceValue.decode(
                type: try reader.u8(at + 15), data: try reader.u32(at + 16), raw: raw, pool: pool)
            attributes.append(
                .init(name: attributeName, namespace: try pool.string(try reader.u32(at)), value: value))
        }
        return BinaryXMLElement(name: name, line: line, attributes: attributes, children: [], text: "")
    }
}
