import Foundation

/// Stable, reviewable JSON text: sorted keys, two-space indent, `"key": value`, `[]` for empty arrays.
///
/// Foundation's pretty printer writes `"key" : value` and spreads empty arrays over three lines; a manifest lives in
/// git and is reviewed in pull requests, so its text should be what a person would write.
public enum CanonicalJSON {
    /// Encodes `value` with `encoder` (whose formatting is overridden) and re-emits it canonically, with a final newline.
    public static func encode<Value: Encodable>(_ value: Value, encoder: JSONEncoder = JSONEncoder()) throws -> Data {
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let compact = try encoder.encode(value)
        let tree = try JSONDecoder().decode(JSONValue.self, from: compact)
        var text = ""
        tree.write(into: &text, indent: "")
        text += "\n"
        return Data(text.utf8)
    }
}

/// A parsed JSON value; numbers keep their literal text so nothing is rounded on the way through.
enum JSONValue: Decodable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    init(from decoder: Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var members: [(String, JSONValue)] = []
            for key in container.allKeys {
                members.append((key.stringValue, try container.decode(JSONValue.self, forKey: key)))
            }
            self = .object(members.sorted { $0.0 < $1.0 })
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? single.decode(Int64.self) {
            self = .number(String(integer))
        } else if let double = try? single.decode(Double.self) {
            self = .number(String(double))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    func write(into text: inout String, indent: String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let literal): text += literal
        case .string(let value): Self.writeString(value, into: &text)
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            let inner = indent + "  "
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                element.write(into: &text, indent: inner)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            let inner = indent + "  "
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += inner
                Self.writeString(member.0, into: &text)
                text += ": "
                member.1.write(into: &text, indent: inner)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }

    private static func writeString(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || (0x2028...0x2029).contains(scalar.value)
                {
                    text += String(format: "\\u%04x", scalar.value)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
