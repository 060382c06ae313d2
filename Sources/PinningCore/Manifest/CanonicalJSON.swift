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

    /// One element of the array that ``encode(_:thenArray:_:encoder:write:)`` writes, already in its final text.
    /// Elements can be encoded where they are made (on several tasks at once) and written later in order.
    public struct ArrayElement: Sendable {
        fileprivate let text: String

        /// `element` in canonical text, indented as an element of an array under a top-level key.
        public init<Element: Encodable>(_ element: Element, encoder: JSONEncoder = JSONEncoder()) throws {
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            text = CanonicalReformatter(compact: Array(try encoder.encode(element)), indent: "    ").text
        }
    }

    /// Writes the object `head` with one more key, `key`, holding the array `elements`: the same text
    /// ``encode(_:encoder:)`` gives for the whole object, handed to `write` a piece at a time, so that a report of
    /// thousands of rows is never held as one encoded tree and one text.
    ///
    /// `key` must sort after every key of `head` (it is written last) and be letters and digits only.
    public static func encode<Head: Encodable>(
        _ head: Head, thenArray key: String, _ elements: [ArrayElement], encoder: JSONEncoder = JSONEncoder(),
        write: (Data) -> Void
    ) throws {
        precondition(
            !key.isEmpty
                && key.unicodeScalars.allSatisfy {
                    $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
                },
            "the array's key is written as is")
        let headText = String(decoding: try encode(head, encoder: encoder), as: UTF8.self)
        var opening = headText == "{}\n" ? "{\n" : String(headText.dropLast(3)) + ",\n"
        opening += "  \"\(key)\": ["
        guard let last = elements.indices.last else {
            write(Data((opening + "]\n}\n").utf8))
            return
        }
        write(Data((opening + "\n").utf8))
        for (index, element) in elements.enumerated() {
            write(Data((element.text + (index == last ? "\n" : ",\n")).utf8))
        }
        write(Data("  ]\n}\n".utf8))
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

    /// `indent` starts every line: the text of a value nested that deep in a larger document.
    init(compact: [UInt8], indent base: String = "") {
        bytes = compact
        text.reserveCapacity(compact.count * 2)
        text += base
        var indent = base
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
