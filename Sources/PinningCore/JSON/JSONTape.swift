import Foundation

/// A parsed JSON text as one flat array of nodes in document order (a "tape"), pointing back into the bytes.
///
/// One array instead of a tree of values: reading a 10,000-domain manifest makes a few allocations instead of
/// hundreds of thousands, and every node keeps its byte offset, so any later error (a schema error too) can say
/// where it is. Strings are checked while parsing and only turned into `String`s when asked for.
public struct JSONTape: Sendable {
    package enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    /// One value, or one key of an object (a `.string` node right before its value).
    package struct Node {
        package var kind: Kind
        /// A string with at least one backslash escape (decoded the slow way).
        var hasEscapes = false
        /// The value's first byte; for a string, the byte after its opening quote.
        var start: UInt32
        /// A string's closing quote, a number's end; for a container, the index of the node after its last
        /// descendant.
        var end: UInt32
        /// A container's number of elements (an object's number of members).
        var count: UInt32 = 0
    }

    let bytes: [UInt8]
    let nodes: [Node]
    /// The containers read as repeats of the one before them at their depth, each with that container: their bytes
    /// are equal, so their values are (a reader may build the value once).
    let repeats: [UInt32: UInt32]

    init(bytes: [UInt8], nodes: [Node], repeats: [UInt32: UInt32] = [:]) {
        self.bytes = bytes
        self.nodes = nodes
        self.repeats = repeats
    }

    /// The earlier container whose bytes the container `index` repeats, when the reader found it so.
    package func original(of index: Int) -> Int? {
        repeats[UInt32(index)].map(Int.init)
    }

    package subscript(index: Int) -> Node { nodes[index] }

    /// The index of the node after `index` and everything inside it.
    func next(after index: Int) -> Int {
        let node = nodes[index]
        return node.kind == .object || node.kind == .array ? Int(node.end) : index + 1
    }

    /// The nodes of an array's elements.
    package func elements(of array: Int) -> ElementIndices {
        ElementIndices(tape: self, first: array + 1, count: Int(nodes[array].count), step: 1)
    }

    /// The key nodes of an object's members; each value is the node right after its key.
    package func keys(of object: Int) -> ElementIndices {
        ElementIndices(tape: self, first: object + 1, count: Int(nodes[object].count), step: 2)
    }

    public struct ElementIndices: Sequence, IteratorProtocol {
        let tape: JSONTape
        var current: Int
        public private(set) var remaining: Int
        /// 1 for array elements; 2 for object keys (skip the key, then the value).
        let step: Int

        init(tape: JSONTape, first: Int, count: Int, step: Int) {
            self.tape = tape
            current = first
            remaining = count
            self.step = step
        }

        public mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let index = current
            current = step == 1 ? tape.next(after: index) : tape.next(after: index + 1)
            return index
        }
    }

    /// The text of a string node.
    package func string(at index: Int) -> String {
        let node = nodes[index]
        let range = Int(node.start)..<Int(node.end)
        return bytes.withUnsafeBufferPointer { buffer in
            let slice = UnsafeBufferPointer(rebasing: buffer[range])
            return node.hasEscapes ? JSONStringDecoder.decode(slice) : String(decoding: slice, as: UTF8.self)
        }
    }

    /// The value of a number node written as an integer (no fraction, no exponent), or nil when it is not one
    /// or does not fit.
    package func integer(at index: Int) -> Int? {
        let node = nodes[index]
        var value = 0
        var negative = false
        for offset in Int(node.start)..<Int(node.end) {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "-") {
                negative = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(negative ? -digit : digit)
            guard !overflow, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// A number as written, for messages.
    func numberText(at index: Int) -> String {
        let node = nodes[index]
        return String(decoding: bytes[Int(node.start)..<Int(node.end)], as: UTF8.self)
    }

    /// Where a node is in the text: the opening quote of a string, the first byte of anything else.
    func position(of index: Int) -> TextPosition {
        let node = nodes[index]
        let offset = Int(node.start) - (node.kind == .string ? 1 : 0)
        return bytes.withUnsafeBufferPointer { TextPosition(offset: offset, in: $0) }
    }

    /// The JSON path of a node (`$.domains[3].pins[0].value`), found by walking down from the root. For an object
    /// key, the path of its member. Only errors ask for it, so nothing on the way is kept for the case.
    func path(to target: Int) -> String {
        var path = "$"
        var current = 0
        while current != target, current < nodes.count {
            let node = nodes[current]
            var found = false
            if node.kind == .array {
                for (position, element) in elements(of: current).enumerated()
                where element <= target && target < next(after: element) {
                    path += "[\(position)]"
                    current = element
                    found = true
                    break
                }
            } else if node.kind == .object {
                for key in keys(of: current) where key <= target && target < next(after: key + 1) {
                    path += JSONPathText.member(string(at: key))
                    current = target == key ? key : key + 1
                    found = true
                    break
                }
            }
            if !found { break }
        }
        return path
    }
}

/// Byte-for-byte equality of two buffers with `memcmp`: plain C, so it stays fast in unoptimized (debug and test)
/// builds too, where the generic `elementsEqual` costs a metadata lookup per byte.
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let first = a.baseAddress, let second = b.baseAddress else { return true }
    return memcmp(first, second, a.count) == 0
}

/// How JSON paths spell their steps.
enum JSONPathText {
    /// `.name` for a plain name, `["odd key"]` for anything else (escaped so that it stays one line).
    static func member(_ key: String) -> String {
        let isPlain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
            }
        return isPlain ? "." + key : "[" + quoted(key) + "]"
    }

    /// A key in double quotes, with quotes, backslashes and control characters escaped so it stays one line.
    static func quoted(_ key: String) -> String {
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + TerminalSafeText.sanitize(escaped) + "\""
    }
}
