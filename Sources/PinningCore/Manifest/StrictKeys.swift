/// A coding key that accepts any name, used to find fields the schema does not know.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Throws when the object holds a field that `Keys` does not list: a typo such as `"vlaue"` must not be dropped.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        // The keys' own initializer is the membership test: a set built per object cost a quarter of loading a
        // 10,000-domain manifest.
        for key in container.allKeys where Keys(stringValue: key.stringValue) == nil {
            let expected = Keys.allCases.map(\.stringValue).sorted().joined(separator: ", ")
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown field \"\(key.stringValue)\" (known fields: \(expected))"
                )
            )
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes an enum from its raw string with an error that lists the allowed values.
    func decodeChoice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type, forKey key: Key) throws -> Choice
    where Choice.RawValue == String {
        let raw = try decode(String.self, forKey: key)
        guard let value = Choice(rawValue: raw) else {
            let allowed = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: self,
                debugDescription: "\"\(raw)\" is not one of \(allowed)"
            )
        }
        return value
    }
}
