/// A schema error found while turning strict JSON into manifest values: the node it concerns, and for a missing
/// field the field's name. The JSON path and position are worked out from the tape only when the error is reported.
public struct SchemaFailure: Error {
    /// The offending value, or for a missing field the object that lacks it.
    let node: Int
    /// The missing field's name, appended to the object's path.
    var missingField: String?
    let message: String

    init(node: Int, missingField: String? = nil, _ message: String) {
        self.node = node
        self.missingField = missingField
        self.message = message
    }
}

/// The fields of one JSON object, each looked up once: a field name the schema does not know is an error with its
/// JSON path (a typo such as `"vlaue"` must fail loudly, not be dropped and then lost on the next write).
///
/// `null` counts as absent for optional fields, as it did with the Codable reader this replaces.
public struct StrictFields<Field: RawRepresentable & CaseIterable & Equatable> where Field.RawValue == String {
    public let tape: JSONTape
    public let node: Int
    /// The value node of each field, in `Field.allCases` order; nil when absent.
    private var values: [Int?]
    private let fields: [Field]

    public init(_ tape: JSONTape, _ node: Int, _ fields: Field.Type) throws(SchemaFailure) {
        guard tape[node].kind == .object else { throw Self.mismatch(tape, node, expected: "an object") }
        self.tape = tape
        self.node = node
        self.fields = Array(Field.allCases)
        values = Array(repeating: nil, count: self.fields.count)
        for key in tape.keys(of: node) {
            guard let index = fieldIndex(key) else {
                let known = self.fields.map(\.rawValue).sorted().joined(separator: ", ")
                throw SchemaFailure(
                    node: key, "unknown field \(JSONPathText.quoted(tape.string(at: key))) (known fields: \(known))")
            }
            values[index] = key + 1
        }
    }

    /// Which field a key names, compared byte for byte (no `String` made) unless the key has escapes.
    private func fieldIndex(_ key: Int) -> Int? {
        let node = tape[key]
        if node.hasEscapes {
            let name = tape.string(at: key)
            return fields.firstIndex { $0.rawValue == name }
        }
        let range = Int(node.start)..<Int(node.end)
        return tape.bytes.withUnsafeBufferPointer { buffer in
            let key = UnsafeBufferPointer(rebasing: buffer[range])
            for (index, field) in fields.enumerated() {
                var name = field.rawValue
                if name.withUTF8({ bytesEqual($0, key) }) { return index }
            }
            return nil
        }
    }

    /// The value node of `field`, nil when absent or null.
    public func valueNode(_ field: Field) -> Int? {
        guard let index = fields.firstIndex(of: field), let value = values[index], tape[value].kind != .null else {
            return nil
        }
        return value
    }

    private func required(_ field: Field) throws(SchemaFailure) -> Int {
        guard let index = fields.firstIndex(of: field), let value = values[index] else {
            throw SchemaFailure(node: node, missingField: field.rawValue, "required field is missing")
        }
        return value
    }

    public func string(_ field: Field) throws(SchemaFailure) -> String {
        try string(at: required(field))
    }

    public func stringIfPresent(_ field: Field) throws(SchemaFailure) -> String? {
        guard let value = valueNode(field) else { return nil }
        return try string(at: value)
    }

    public func intIfPresent(_ field: Field) throws(SchemaFailure) -> Int? {
        guard let value = valueNode(field) else { return nil }
        return try integer(at: value)
    }

    public func int(_ field: Field) throws(SchemaFailure) -> Int {
        try integer(at: required(field))
    }

    public func boolIfPresent(_ field: Field) throws(SchemaFailure) -> Bool? {
        guard let value = valueNode(field) else { return nil }
        switch tape[value].kind {
        case .true: return true
        case .false: return false
        default: throw Self.mismatch(tape, value, expected: "true or false")
        }
    }

    /// The element nodes of an array field; empty when absent or null.
    public func arrayIfPresent(_ field: Field) throws(SchemaFailure) -> JSONTape.ElementIndices? {
        guard let value = valueNode(field) else { return nil }
        guard tape[value].kind == .array else { throw Self.mismatch(tape, value, expected: "an array") }
        return tape.elements(of: value)
    }

    /// An array of strings, or empty when absent or null.
    public func stringsIfPresent(_ field: Field) throws(SchemaFailure) -> [String] {
        guard let elements = try arrayIfPresent(field) else { return [] }
        var strings: [String] = []
        for element in elements { strings.append(try string(at: element)) }
        return strings
    }

    /// An enum from its raw string, or `fallback` when the field is absent; the error lists the allowed values.
    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ field: Field, default fallback: Choice? = nil
    )
        throws(SchemaFailure) -> Choice
    where Choice.RawValue == String {
        let value: Int
        if let fallback {
            guard let present = valueNode(field) else { return fallback }
            value = present
        } else {
            value = try required(field)
        }
        let raw = try string(at: value)
        guard let choice = Choice(rawValue: raw) else {
            let allowed = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw invalid(field, "\(JSONPathText.quoted(raw)) is not one of \(allowed)")
        }
        return choice
    }

    /// A number, integer or not, or nil when absent or null.
    public func doubleIfPresent(_ field: Field) throws(SchemaFailure) -> Double? {
        guard let value = valueNode(field) else { return nil }
        guard tape[value].kind == .number, let number = Double(tape.numberText(at: value)), number.isFinite else {
            throw Self.mismatch(tape, value, expected: "a number")
        }
        return number
    }

    /// An error for a present field whose value the schema refuses.
    public func invalid(_ field: Field, _ message: String) -> SchemaFailure {
        SchemaFailure(
            node: valueNode(field) ?? node, missingField: valueNode(field) == nil ? field.rawValue : nil, message)
    }

    private func string(at value: Int) throws(SchemaFailure) -> String {
        guard tape[value].kind == .string else { throw Self.mismatch(tape, value, expected: "a string") }
        return tape.string(at: value)
    }

    private func integer(at value: Int) throws(SchemaFailure) -> Int {
        guard tape[value].kind == .number, let number = tape.integer(at: value) else {
            throw Self.mismatch(tape, value, expected: "an integer")
        }
        return number
    }

    static func mismatch(_ tape: JSONTape, _ value: Int, expected: String) -> SchemaFailure {
        let found: String
        switch tape[value].kind {
        case .object: found = "an object"
        case .array: found = "an array"
        case .string: found = "a string"
        case .number: found = tape.numberText(at: value)
        case .true: found = "true"
        case .false: found = "false"
        case .null: found = "null"
        }
        return SchemaFailure(node: value, "expected \(expected), found \(found)")
    }
}
