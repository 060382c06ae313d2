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
/// An earlier version decoded the compact text into a tree of `Decodable` values, finding each value's kind by
/// failed decoding attempts; for a 10,000-domain manifest that threw most of a million errors and took a second.
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

    /// Reads the string literal at `index` (on its opening quote) and returns its value, escapes resolved.
    private mutating func readString() -> String {
        index += 1
        var utf8: [UInt8] = []
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                utf8.append(bytes[index])
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"): utf8 += readUnicodeEscape()
            default: utf8.append(escape)  // \" \\ \/
            }
        }
        index += 1
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The UTF-8 of a `\uXXXX` escape (the four digits at `index`), joining a surrogate pair when one follows.
    private mutating func readUnicodeEscape() -> [UInt8] {
        var value = hexQuad()
        if (0xD800...0xDBFF).contains(value), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            index += 2
            let low = hexQuad()
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hexQuad() -> UInt32 {
        let end = min(index + 4, bytes.count)
        let digits = String(decoding: bytes[index..<end], as: UTF8.self)
        index = end
        return UInt32(digits, radix: 16) ?? 0xFFFD
    }
}
