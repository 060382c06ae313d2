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
        var text = CanonicalReformatter(compact: Array(compact)).output
        text.append(UInt8(ascii: "\n"))
        return Data(text)
    }

    /// One element of the array that ``encode(_:thenArray:_:encoder:write:)`` writes, already in its final text.
    /// Elements can be encoded where they are made (on several tasks at once) and written later in order.
    public struct ArrayElement: Sendable {
        package let text: [UInt8]

        /// `element` in canonical text, indented as an element of an array under a top-level key.
        public init<Element: Encodable>(_ element: Element, encoder: JSONEncoder = JSONEncoder()) throws {
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Kept until the whole report is written: copied without the re-indenter's spare capacity (an array made
            // from a slice of a whole array keeps that array's storage, capacity and all: about twice the text).
            let output = CanonicalReformatter(compact: Array(try encoder.encode(element)), indent: "    ").output
            text = output.withUnsafeBufferPointer { Array($0) }
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
        // Handed out in pieces of about 64 KiB: one write per row would be a system call per row.
        var pending = Array((opening + "\n").utf8)
        for (index, element) in elements.enumerated() {
            pending += element.text
            if index != last { pending.append(UInt8(ascii: ",")) }
            pending.append(UInt8(ascii: "\n"))
            if pending.count >= 1 << 16 {
                write(Data(pending))
                pending.removeAll(keepingCapacity: true)
            }
        }
        pending += "  ]\n}\n".utf8
        write(Data(pending))
    }
}

/// Re-indents the compact, key-sorted JSON that `JSONEncoder` writes, in one pass over its bytes, into UTF-8 bytes.
///
/// One pass over bytes rather than a decode into `Decodable` values, which can only find each value's kind by failed
/// attempts: for a 10,000-domain manifest that throws most of a million errors and takes a second.
/// Strings are unescaped and written again by ``JSONEncoding`` so the escaping rules stay ours: no control,
/// bidirectional control or line separator is ever written raw. A literal of printable ASCII without escapes (most
/// of them: keys, pins, host names, timestamps) is copied as it is, which is what ``JSONEncoding`` would write.
struct CanonicalReformatter {
    private let bytes: [UInt8]
    private var index = 0
    private(set) var output: [UInt8] = []

    /// `indent` starts every line: the text of a value nested that deep in a larger document.
    init(compact: [UInt8], indent base: String = "") {
        bytes = compact
        output.reserveCapacity(compact.count * 2)
        var indent = Array(base.utf8)
        output += indent
        while index < bytes.count { step(&indent) }
    }

    private mutating func step(_ indent: inout [UInt8]) {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            output.append(byte)
            if index + 1 < bytes.count && bytes[index + 1] == close {
                output.append(close)
                index += 2
                return
            }
            indent += [UInt8(ascii: " "), UInt8(ascii: " ")]
            newLine(indent)
            index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            indent.removeLast(2)
            newLine(indent)
            output.append(byte)
            index += 1
        case UInt8(ascii: ","):
            output.append(byte)
            newLine(indent)
            index += 1
        case UInt8(ascii: ":"):
            output += [UInt8(ascii: ":"), UInt8(ascii: " ")]
            index += 1
        case UInt8(ascii: "\""):
            copyString()
        default:
            // A number, true, false or null: copied as written.
            let start = index
            while index < bytes.count && !Self.isStructural(bytes[index]) { index += 1 }
            output += bytes[start..<index]
        }
    }

    private mutating func newLine(_ indent: [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output += indent
    }

    private static func isStructural(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: ":")
    }

    /// Writes the string literal at `index` (on its opening quote) as ``JSONEncoding`` spells it. Printable ASCII
    /// without a backslash is spelled the same, so it is copied; anything else is read (escapes resolved by
    /// ``JSONStringDecoder``, the strict reader's own decoder; `JSONEncoder` writes only valid escapes) and written
    /// again.
    private mutating func copyString() {
        let start = index + 1
        index = start
        var plain = true
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                plain = false
                index += 2
            } else {
                if byte < 0x20 || byte > 0x7E { plain = false }
                index += 1
            }
        }
        let end = min(index, bytes.count)
        index += 1
        if plain {
            output.append(UInt8(ascii: "\""))
            output += bytes[start..<end]
            output.append(UInt8(ascii: "\""))
            return
        }
        let value = bytes.withUnsafeBufferPointer {
            JSONStringDecoder.decode(UnsafeBufferPointer(rebasing: $0[start..<end]))
        }
        var literal = ""
        JSONEncoding.writeString(value, into: &literal)
        output += literal.utf8
    }
}
