/// The field names of one kind of JSON object, for a container that both reads the known fields and lists the
/// unknown ones.
///
/// Decoders call `init(stringValue:)` only to list an object's keys (`allKeys` reports the keys convertible to the
/// key type). Refusing the known names there leaves exactly the unknown ones, so a valid object lists nothing,
/// which is cheap; lookups build their keys from ``init(_:)`` instead. Each object kind has its own concrete key
/// type: a generic one made the decoder look up its type metadata for every key.
protocol FieldKey: CodingKey {
    associatedtype Field: CodingKey & CaseIterable
    init(name: String)
}

extension FieldKey {
    init(_ field: Field) { self.init(name: field.stringValue) }

    init?(stringValue: String) {
        guard Field(stringValue: stringValue) == nil else { return nil }
        self.init(name: stringValue)
    }

    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

/// The fields of one JSON object, read through a single keyed container that has already refused unknown names:
/// a typo such as `"vlaue"` must fail loudly, not be dropped and then lost on the next write.
///
/// One container per object, listing only unknown keys, matters for speed: a second container to list every key
/// cost a quarter of loading a 10,000-domain manifest.
struct StrictFields<Key: FieldKey> {
    typealias Field = Key.Field

    private let container: KeyedDecodingContainer<Key>

    init(_ decoder: Decoder, _ keys: Key.Type) throws {
        try self.init(decoder.container(keyedBy: Key.self))
    }

    /// The next element of an array, read in place: cheaper than decoding it as a `Decodable` of its own.
    init(next list: inout UnkeyedDecodingContainer, _ keys: Key.Type) throws {
        try self.init(list.nestedContainer(keyedBy: Key.self))
    }

    private init(_ container: KeyedDecodingContainer<Key>) throws {
        self.container = container
        if let key = container.allKeys.first {
            let expected = Field.allCases.map(\.stringValue).sorted().joined(separator: ", ")
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath + [key],
                    debugDescription: "unknown field \"\(key.stringValue)\" (known fields: \(expected))"
                )
            )
        }
    }

    func decode<Value: Decodable>(_ type: Value.Type, _ field: Field) throws -> Value {
        try container.decode(type, forKey: key(field))
    }

    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, _ field: Field) throws -> Value? {
        try container.decodeIfPresent(type, forKey: key(field))
    }

    /// Decodes a required enum from its raw string; the error lists the allowed values.
    func choice<Choice: RawRepresentable & CaseIterable>(_ field: Field) throws -> Choice
    where Choice.RawValue == String {
        try choice(from: decode(String.self, field), field)
    }

    /// Decodes an optional enum from its raw string, or `fallback` when the field is absent.
    func choice<Choice: RawRepresentable & CaseIterable>(_ field: Field, default fallback: Choice) throws -> Choice
    where Choice.RawValue == String {
        guard let raw = try decodeIfPresent(String.self, field) else { return fallback }
        return try choice(from: raw, field)
    }

    private func choice<Choice: RawRepresentable & CaseIterable>(from raw: String, _ field: Field) throws -> Choice
    where Choice.RawValue == String {
        guard let value = Choice(rawValue: raw) else {
            let allowed = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw invalid(field, "\"\(raw)\" is not one of \(allowed)")
        }
        return value
    }

    /// An error for a present field whose value the schema refuses, carrying the field's JSON path.
    func invalid(_ field: Field, _ description: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: key(field), in: container, debugDescription: description)
    }

    /// An unkeyed container for an array field, or nil when the field is absent or null.
    func nestedArrayIfPresent(_ field: Field) throws -> UnkeyedDecodingContainer? {
        guard container.contains(key(field)), try !container.decodeNil(forKey: key(field)) else { return nil }
        return try container.nestedUnkeyedContainer(forKey: key(field))
    }

    private func key(_ field: Field) -> Key {
        Key(field)
    }
}
