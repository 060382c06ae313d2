import Foundation

/// Stable, reviewable JSON text: sorted keys, two-space indent, `"key": value`, `[]` for empty arrays.
///
/// Foundation's pretty printer writes `"key" : value` and spreads empty arrays over three lines; a manifest lives in
/// git and is reviewed in pull requests, so its text should be what a person would write.
public enum CanonicalJSON {
    /// Encodes `value` with `encoder` (whose formatting is overridden) and re-emits it canonically, with a final
    /// newline.
    public static func encode<Value: Encodable>(_ value: Value, encoder: JSONEncoder = JSONEncoder()) throws -> Data {
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let compact = try encoder.encode(value)
        var text = CanonicalReformatter(compact: Array(compact)).text
        text += "\n"
        return Data(text.utf8)
    }
}

/// Re-indents the compact, key-sorted JSON that `JSONEncoder` writes, in one pass over its bytes.
///
/// One pass over bytes rather than a decode into `Decodable` values, which can only find each value's kind by failed
/// attempts: for a 10,000-domain manifest that throws most of a million errors and takes a second.
/// Strings are unescaped and written again by ``JSONEncoding`` so the escaping rules stay ours: no control,
/// bidirectional control or line separator is ever written raw.
struct CanonicalReformatter {
    private let bytes: [UInt8]
    private var index = 0
    private(set) var text = ""

    init(compact: [UInt8]) {
        bytes = compact
        text.reserveCapacity(compact.count * 2)
        var indent = ""
        while index < bytes.count { step(&indent) }
    }

    private mutating func step(_ indent: inout String) {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if index + 1 < bytes.count && bytes[index + 1] == close {
                text.unicodeScalars.append(Unicode.Scalar(byte))
                text.unicodeScalars.append(Unicode.Scalar(close))
                index += 2
                return
            }
            indent += "  "
            text.unicodeScalars.append(Unicode.Scalar(byte))
            text += "\n" + indent
            index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            indent.removeLast(2)
            text += "\n" + indent
            text.unicodeScalars.append(Unicode.Scalar(byte))
            index += 1
        case UInt8(ascii: ","):
            text += ",\n" + indent
            index += 1
        case UInt8(ascii: ":"):
            text += ": "
            index += 1
        case UInt8(ascii: "\""):
            JSONEncoding.writeString(readString(), into: &text)
        default:
            // A number, true, false or null: copied as written.
            let start = index
            while index < bytes.count && !Self.isStructural(bytes[index]) { index += 1 }
            text += String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }

    private static func isStructural(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: ":")
    }

    /// Reads the string literal at `index` (on its opening quote) and returns its value, escapes resolved by
    /// ``JSONStringDecoder``, the strict reader's own decoder (`JSONEncoder` writes only valid escapes).
    private mutating func readString() -> String {
        let start = index + 1
        index = start
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        let end = min(index, bytes.count)
        index += 1
        return bytes.withUnsafeBufferPointer {
            JSONStringDecoder.decode(UnsafeBufferPointer(rebasing: $0[start..<end]))
        }
    }
}
