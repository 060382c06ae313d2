/// A strict RFC 8259 reader for security files: anything two JSON readers could read differently is an error.
///
/// Refused, each with its own ``JSONSyntaxError/Code``, line, column and JSON path: duplicate keys (Foundation
/// keeps the first, Python and jq the last), trailing commas, leading zeros, unknown escapes, lone surrogates,
/// invalid UTF-8, raw control characters in strings, text after the value, nesting deeper than
/// ``maximumDepth`` and texts larger than ``maximumSize``.
///
/// It never recurses: open containers live on an explicit stack bounded by ``maximumDepth``, so no input can
/// exhaust the call stack. Every loop advances through the bytes, so the time is linear in the size.
package struct JSONReader {
    /// The deepest nesting of objects and arrays accepted. A manifest needs four.
    static let maximumDepth = 64
    /// The largest text accepted, in bytes: far beyond any real manifest (10,000 domains take 6 MB).
    static let maximumSize = 64 << 20
    /// The most values (and as many keys) accepted: a 10,000-domain manifest holds about half a million. Without
    /// it a 64 MiB text of `[0,0,…]` would make 32 million nodes, half a gigabyte of tape.
    static let maximumValues = 1 << 22

    /// Parses `bytes` into a tape of nodes, or says exactly what is wrong and where. `repeats: false` reads every
    /// container byte by byte (the plain path, which tests hold the repeat path to). `valueCap` stands in for
    /// ``maximumValues`` where a test holds both paths to the cap without building texts of millions of values.
    package static func read(
        _ bytes: [UInt8], repeats: Bool = true, valueCap: Int = maximumValues
    ) throws(JSONSyntaxError) -> JSONTape {
        guard bytes.count <= maximumSize else {
            throw JSONSyntaxError(
                .tooLarge, at: TextPosition(line: 1, column: 1, offset: 0), path: "$",
                message: "the text is \(bytes.count) bytes; a manifest may be at most \(maximumSize >> 20) MiB")
        }
        let nodes = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var parser = Parser(buffer, repeats: repeats, valueCap: min(valueCap, maximumValues))
            try parser.run()
            return (parser.nodes, parser.repeats)
        }
        return JSONTape(bytes: bytes, nodes: nodes.0, repeats: nodes.1)
    }

    /// An open object or array.
    private struct Frame {
        let node: Int
        let isObject: Bool
        /// Elements (or members) begun so far.
        var count = 0
        /// The key node of the member being read.
        var key: Int?
        /// Where this object's keys start in `Parser.keys`.
        let keysStart: Int
        /// Key -> offset, built once an object has many keys, so duplicate checks stay linear overall.
        var keyTable: [String: Int]?
    }

    /// The last container closed at one depth: a container that opens at the same depth with the same bytes is
    /// the same value (see ``Parser/repeatLast(depth:)``).
    private struct Closed {
        /// Its opening and one past its closing bracket.
        let bytes: Range<Int>
        /// Its own node and one past its last descendant's.
        let nodes: Range<Int>
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var nodes: [JSONTape.Node] = []
        /// Containers read as repeats of an earlier one: copy -> original (``JSONTape/repeats``).
        var repeats: [UInt32: UInt32] = [:]
        /// The last container closed at each depth (index 0: the top level).
        private var closed: [Closed?] = []
        private var frames: [Frame] = []
        /// The key nodes of the open objects, for the duplicate check.
        private var keys: [Int] = []
        /// Objects with more keys than this index them in a table instead of comparing with each.
        private let linearKeyLimit = 16

        /// Whether containers repeating the last one at their depth are copied (``repeatLast(depth:)``).
        private let findsRepeats: Bool
        /// The most values read (``JSONReader/maximumValues`` but in tests).
        private let valueCap: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>, repeats: Bool, valueCap: Int) {
            self.bytes = bytes
            findsRepeats = repeats
            self.valueCap = valueCap
            nodes.reserveCapacity(bytes.count / 16)
        }

        mutating func run() throws(JSONSyntaxError) {
            try beginValue()
            while let last = frames.indices.last {
                skipWhitespace()
                let isObject = frames[last].isObject
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard index < bytes.count else {
                    throw failure(.unexpectedEnd, "the text ends inside \(isObject ? "an object" : "an array")")
                }
                let byte = bytes[index]
                if byte == closer {
                    index += 1
                    close()
                } else if byte == UInt8(ascii: ",") {
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]") {
                        throw failure(
                            .trailingComma, "a comma before \(Self.show(bytes[index])); remove it", at: comma,
                            inContainer: true)
                    }
                    if isObject {
                        try readKey()
                    } else {
                        frames[last].count += 1
                    }
                    try beginValue()
                } else {
                    throw failure(
                        .unexpectedCharacter,
                        "found \(describe(at: index)) where \",\" or \(Self.show(closer)) belongs")
                }
            }
            skipWhitespace()
            if index < bytes.count {
                throw failure(.trailingText, "text after the end of the JSON value; remove it")
            }
        }

        /// Reads one value; a container is opened (and its first key read) and left for `run` to continue.
        private mutating func beginValue() throws(JSONSyntaxError) {
            guard nodes.count < valueCap else {
                throw failure(
                    .tooManyValues, "the text holds more than \(valueCap) values; no manifest is this big")
            }
            while true {
                skipWhitespace()
                guard index < bytes.count else { throw failure(.unexpectedEnd, "the text ends where a value belongs") }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard frames.count < JSONReader.maximumDepth else {
                        throw failure(
                            .tooDeep, "objects and arrays nest deeper than \(JSONReader.maximumDepth) levels")
                    }
                    if repeatLast(depth: frames.count) { return }
                    let isObject = byte == UInt8(ascii: "{")
                    nodes.append(JSONTape.Node(kind: isObject ? .object : .array, start: UInt32(index), end: 0))
                    frames.append(Frame(node: nodes.count - 1, isObject: isObject, keysStart: keys.count))
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        index += 1
                        close()
                        return
                    }
                    if isObject {
                        try readKey()
                    } else {
                        frames[frames.count - 1].count = 1
                    }
                case UInt8(ascii: "\""):
                    try readString()
                    return
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try readNumber()
                    return
                case UInt8(ascii: "t"):
                    return try readLiteral("true", .true)
                case UInt8(ascii: "f"):
                    return try readLiteral("false", .false)
                case UInt8(ascii: "n"):
                    return try readLiteral("null", .null)
                default:
                    throw failure(.unexpectedCharacter, "found \(describe(at: index)) where a value belongs")
                }
            }
        }

        private mutating func close() {
            let frame = frames.removeLast()
            nodes[frame.node].end = UInt32(nodes.count)
            nodes[frame.node].count = UInt32(frame.count)
            keys.removeLast(keys.count - frame.keysStart)
            remember(Closed(bytes: Int(nodes[frame.node].start)..<index, nodes: frame.node..<nodes.count))
        }

        private mutating func remember(_ container: Closed) {
            let depth = frames.count
            if closed.count <= depth { closed.append(contentsOf: repeatElement(nil, count: depth + 1 - closed.count)) }
            closed[depth] = container
        }

        /// Reads the container opening at `index` as a repeat when its bytes are those of the last container closed
        /// at the same depth (a manifest's domains mostly carry the same pins): the same bytes at the same depth read
        /// the same way, so the earlier container's nodes are copied, moved to here, and its bytes are not read again.
        /// Returns false, having read nothing, when the bytes differ or the copy would pass ``maximumValues``.
        ///
        /// The bytes are compared up to their first difference, which lies within the container being read (the
        /// earlier one, read the same way, had not ended there), so the comparisons add at most one pass over the text
        /// per open container above a byte.
        private mutating func repeatLast(depth: Int) -> Bool {
            guard findsRepeats, depth < closed.count, let earlier = closed[depth] else { return false }
            let length = earlier.bytes.count
            guard length <= bytes.count - index, nodes.count + earlier.nodes.count <= valueCap,
                bytesEqual(
                    UnsafeBufferPointer(rebasing: bytes[index..<index + length]),
                    UnsafeBufferPointer(rebasing: bytes[earlier.bytes]))
            else { return false }
            let byteShift = UInt32(index - earlier.bytes.lowerBound)
            let nodeShift = UInt32(nodes.count - earlier.nodes.lowerBound)
            let first = nodes.count
            for source in earlier.nodes {
                var node = nodes[source]
                node.start += byteShift
                node.end += node.kind == .object || node.kind == .array ? nodeShift : byteShift
                nodes.append(node)
            }
            repeats[UInt32(first)] = UInt32(earlier.nodes.lowerBound)
            index += length
            remember(Closed(bytes: index - length..<index, nodes: first..<nodes.count))
            return true
        }

        /// Reads `"key" :` of the next member, refusing a key the object already has.
        private mutating func readKey() throws(JSONSyntaxError) {
            skipWhitespace()
            guard index < bytes.count else { throw failure(.unexpectedEnd, "the text ends where a key belongs") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw failure(
                    .unexpectedCharacter, "found \(describe(at: index)) where a key in double quotes belongs")
            }
            let offset = index
            try readString()
            let keyNode = nodes.count - 1
            let last = frames.count - 1
            frames[last].key = keyNode
            if let first = firstOccurrence(of: keyNode, in: frames[last]) {
                let firstPosition = TextPosition(offset: Int(nodes[first].start) - 1, in: bytes)
                throw failure(
                    .duplicateKey,
                    "duplicate key \(JSONPathText.quoted(keyText(nodes[keyNode]))) (first at \(firstPosition)); "
                        + "readers disagree on which one counts: keep one",
                    at: offset, firstPosition: firstPosition)
            }
            keys.append(keyNode)
            frames[last].count += 1
            if frames[last].keyTable != nil {
                frames[last].keyTable![keyText(nodes[keyNode])] = keyNode
            } else if keys.count - frames[last].keysStart > linearKeyLimit {
                var table: [String: Int] = [:]
                for key in keys[frames[last].keysStart...] { table[keyText(nodes[key])] = key }
                frames[last].keyTable = table
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure(.unexpectedEnd, "the text ends where \":\" belongs") }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw failure(.unexpectedCharacter, "found \(describe(at: index)) where \":\" belongs after the key")
            }
            index += 1
        }

        /// The earlier key node of this object equal to `key`, if any. Keys without escapes are compared byte for
        /// byte; a key with escapes is compared by its text, so `"\u0061"` and `"a"` are the same key.
        private func firstOccurrence(of key: Int, in frame: Frame) -> Int? {
            if let table = frame.keyTable { return table[keyText(nodes[key])] }
            let node = nodes[key]
            let text = UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
            for earlier in keys[frame.keysStart...] {
                let other = nodes[earlier]
                if !node.hasEscapes && !other.hasEscapes {
                    if bytesEqual(text, UnsafeBufferPointer(rebasing: bytes[Int(other.start)..<Int(other.end)])) {
                        return earlier
                    }
                } else if keyText(node) == keyText(other) {
                    return earlier
                }
            }
            return nil
        }

        private func keyText(_ node: JSONTape.Node) -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
            return node.hasEscapes ? JSONStringDecoder.decode(slice) : String(decoding: slice, as: UTF8.self)
        }

        // MARK: Strings

        private mutating func readString() throws(JSONSyntaxError) {
            let opening = index
            index += 1
            var hasEscapes = false
            while true {
                guard index < bytes.count else {
                    throw failure(
                        .unexpectedEnd,
                        "the string opened at \(TextPosition(offset: opening, in: bytes)) is not closed",
                        at: opening)
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    hasEscapes = true
                    try readEscape()
                } else if byte < 0x20 {
                    throw failure(
                        .controlCharacter,
                        "a raw control character (\(Self.show(byte))) inside a string; write it as an escape "
                            + "such as \\n or \\u\(Self.hex(UInt32(byte)))")
                } else if byte < 0x80 {
                    index += 1
                } else {
                    try readUTF8Sequence()
                }
            }
            nodes.append(
                JSONTape.Node(kind: .string, hasEscapes: hasEscapes, start: UInt32(opening + 1), end: UInt32(index)))
            index += 1
        }

        private mutating func readEscape() throws(JSONSyntaxError) {
            let start = index
            guard index + 1 < bytes.count else { throw failure(.unexpectedEnd, "the text ends inside an escape") }
            switch bytes[index + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 2
            case UInt8(ascii: "u"):
                let value = try hexQuad(at: index + 2, escapeAt: start)
                index += 6
                if (0xDC00...0xDFFF).contains(value) {
                    throw failure(
                        .loneSurrogate, "\\u\(Self.hex(value)) is a low surrogate with no high surrogate before it",
                        at: start)
                }
                if (0xD800...0xDBFF).contains(value) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u"),
                        (0xDC00...0xDFFF).contains(try hexQuad(at: index + 2, escapeAt: index))
                    else {
                        throw failure(
                            .loneSurrogate,
                            "\\u\(Self.hex(value)) is a high surrogate not followed by a low one (\\uDC00-\\uDFFF)",
                            at: start)
                    }
                    index += 6
                }
            default:
                throw failure(
                    .invalidEscape,
                    "\\\(describe(at: index + 1, bare: true)) is not a JSON escape (use \\\" \\\\ \\/ \\b \\f \\n "
                        + "\\r \\t or \\uXXXX)",
                    at: start)
            }
        }

        private func hexQuad(at offset: Int, escapeAt start: Int) throws(JSONSyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for position in offset..<offset + 4 {
                guard position < bytes.count, let digit = JSONStringDecoder.hexValue(bytes[position]) else {
                    throw failure(.invalidEscape, "\\u must be followed by four hex digits", at: start)
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// One multi-byte UTF-8 sequence at `index`, checked as Unicode's table 3-7 says: no overlong forms, no
        /// encoded surrogates, nothing above U+10FFFF.
        private mutating func readUTF8Sequence() throws(JSONSyntaxError) {
            let lead = bytes[index]
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xE1...0xEF: length = 3
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            case 0xF1...0xF3: length = 4
            default: throw failure(.invalidUTF8, "byte 0x\(Self.hex(UInt32(lead), digits: 2)) is not valid UTF-8")
            }
            for offset in 1..<length {
                let range = offset == 1 ? second : 0x80...0xBF
                guard index + offset < bytes.count, range.contains(bytes[index + offset]) else {
                    throw failure(
                        .invalidUTF8,
                        "a malformed UTF-8 sequence starting with byte 0x"
                            + Self.hex(UInt32(lead), digits: 2))
                }
            }
            index += length
        }

        // MARK: Numbers and literals

        private mutating func readNumber() throws(JSONSyntaxError) {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(at: index) else {
                throw failure(.invalidNumber, "a minus sign must be followed by a digit", at: start)
            }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if isDigit(at: index) {
                    throw failure(.leadingZero, "numbers have no leading zeros; write it without them", at: start)
                }
            } else {
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard isDigit(at: index) else { throw failure(.invalidNumber, "a digit must follow the decimal point") }
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard isDigit(at: index) else { throw failure(.invalidNumber, "a digit must follow the exponent") }
                skipDigits()
            }
            nodes.append(JSONTape.Node(kind: .number, start: UInt32(start), end: UInt32(index)))
        }

        private func isDigit(at offset: Int) -> Bool {
            offset < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
        }

        private mutating func skipDigits() {
            while isDigit(at: index) { index += 1 }
        }

        private mutating func readLiteral(_ word: StaticString, _ kind: JSONTape.Kind) throws(JSONSyntaxError) {
            let length = word.utf8CodeUnitCount
            let matches =
                index + length <= bytes.count
                && (0..<length).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
            guard matches else {
                throw failure(.unexpectedCharacter, "found \(describe(at: index)) where a value belongs")
            }
            nodes.append(JSONTape.Node(kind: kind, start: UInt32(index), end: UInt32(index + length)))
            index += length
        }

        private mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
                default: return
                }
            }
        }

        // MARK: Errors

        private func failure(
            _ code: JSONSyntaxError.Code, _ message: String, at offset: Int? = nil,
            firstPosition: TextPosition? = nil, inContainer: Bool = false
        ) -> JSONSyntaxError {
            JSONSyntaxError(
                code, at: TextPosition(offset: offset ?? index, in: bytes), path: path(ofContainerOnly: inContainer),
                message: message, firstPosition: firstPosition)
        }

        /// The JSON path of the value being read: each open array's current index, each open object's current key;
        /// with `ofContainerOnly`, the path of the innermost open container itself.
        private func path(ofContainerOnly: Bool) -> String {
            var path = "$"
            for (depth, frame) in frames.enumerated() {
                if ofContainerOnly && depth == frames.count - 1 { break }
                if frame.isObject {
                    if let key = frame.key { path += JSONPathText.member(keyText(nodes[key])) }
                } else if frame.count > 0 {
                    path += "[\(frame.count - 1)]"
                }
            }
            return path
        }

        /// The character at `offset` for a message: printable ASCII quoted, anything else by its code.
        private func describe(at offset: Int, bare: Bool = false) -> String {
            let byte = bytes[offset]
            if (0x21...0x7E).contains(byte) { return bare ? String(UnicodeScalar(byte)) : Self.show(byte) }
            if byte < 0x80 { return "U+\(Self.hex(UInt32(byte)))" }
            return "byte 0x\(Self.hex(UInt32(byte), digits: 2))"
        }

        private static func show(_ byte: UInt8) -> String {
            (0x21...0x7E).contains(byte) ? "\"\(UnicodeScalar(byte))\"" : "U+\(hex(UInt32(byte)))"
        }

        static func hex(_ value: UInt32, digits: Int = 4) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
    }
}
