import Foundation

/// A property-list value as the importers need it: typed, and with dictionaries in the file's order, so that the
/// first of two entries for the same host is the one imported and a later one is the duplicate.
///
/// Read by ``BinaryPropertyListReader`` and ``XMLPropertyListReader`` within ``PropertyListBudget``, never by
/// Foundation's `PropertyListSerialization`, which materialises every shared reference of a binary list.
public enum PropertyListValue: Hashable, Sendable {
    case string(String)
    case bool(Bool)
    case array([PropertyListValue])
    case dictionary(PropertyListDictionary)
    /// A value the importers never carry (integer, real, date, data, UID, null), named by its kind for notes.
    case other(String)

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    public var array: [PropertyListValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var dictionary: PropertyListDictionary? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }
}

/// A property-list dictionary in the file's order. A key stated twice keeps its first value for lookups; the later
/// entry stays in ``entries`` so that a reader can say it was dropped.
public struct PropertyListDictionary: Hashable, Sendable {
    public let entries: [(key: String, value: PropertyListValue)]
    /// Where each key is first stated, so that a lookup is one hash, however many keys a hostile file holds.
    private let firstIndex: [String: Int]

    public init(_ entries: [(key: String, value: PropertyListValue)] = []) {
        self.entries = entries
        var firstIndex: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where firstIndex[entry.key] == nil {
            firstIndex[entry.key] = index
        }
        self.firstIndex = firstIndex
    }

    /// The keys in the file's order, each once.
    public var keys: [String] {
        entries.indices.filter { firstIndex[entries[$0].key] == $0 }.map { entries[$0].key }
    }

    public subscript(key: String) -> PropertyListValue? {
        firstIndex[key].map { entries[$0].value }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}

/// What a property list may expand to once read: objects visited (a binary list can reference one object from many
/// places, so a kilobyte file can name billions) and bytes of decoded strings and data. Counted while reading, so
/// the reader stops at the bound instead of materialising the expansion.
struct PropertyListBudget {
    static let maximumObjects = ImportLimits.maximumPropertyListObjects
    static let maximumDecodedBytes = ImportLimits.maximumDecodedBytes

    private(set) var objects = 0
    private(set) var decodedBytes = 0
    let path: String

    init(path: String) {
        self.path = path
    }

    /// Counts one more object of `bytes` decoded bytes; throws once either bound is passed.
    mutating func visit(decodedBytes bytes: Int = 0) throws(ImportError) {
        objects += 1
        decodedBytes += bytes
        if objects > Self.maximumObjects {
            throw exceeded("more than \(Self.maximumObjects) objects")
        }
        if decodedBytes > Self.maximumDecodedBytes {
            throw exceeded("more than \(Self.maximumDecodedBytes >> 20) MiB of text and data")
        }
    }

    private func exceeded(_ what: String) -> ImportError {
        ImportError(
            .expansionBudget, path: path,
            reason: "expands to \(what) once its shared references are followed, past the budget for a "
                + "configuration (\(Self.maximumObjects) objects, \(Self.maximumDecodedBytes >> 20) MiB decoded); "
                + "reading stopped there. A real Info.plist is far smaller: give the plist that holds the pins")
    }
}
