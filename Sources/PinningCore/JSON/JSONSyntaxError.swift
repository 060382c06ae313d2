/// Why a text is not the strict JSON a security file must be, and where: line, column and the JSON path of the
/// value being read.
///
/// Decide on ``code``; ``message`` is the user's sentence.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable, CaseIterable {
        case unexpectedEnd = "unexpected-end"
        case unexpectedCharacter = "unexpected-character"
        case trailingComma = "trailing-comma"
        case duplicateKey = "duplicate-key"
        case leadingZero = "leading-zero"
        case invalidNumber = "invalid-number"
        case invalidEscape = "invalid-escape"
        case loneSurrogate = "lone-surrogate"
        case invalidUTF8 = "invalid-utf8"
        case controlCharacter = "control-character"
        case trailingText = "trailing-text"
        case tooDeep = "too-deep"
        case tooLarge = "too-large"
        case tooManyValues = "too-many-values"
    }

    public let code: Code
    /// Where the problem is (for a duplicate key: the second occurrence).
    public let position: TextPosition
    /// The JSON path of the value being read, such as `$.domains[2].pins`.
    public let path: String
    public let message: String
    /// For a duplicate key: where the key first appeared.
    public let firstPosition: TextPosition?

    public init(
        _ code: Code, at position: TextPosition, path: String, message: String, firstPosition: TextPosition? = nil
    ) {
        self.code = code
        self.position = position
        self.path = path
        self.message = message
        self.firstPosition = firstPosition
    }

    /// `3:17: $.domains[0]: duplicate key "host" (first at 3:5)`.
    public var description: String { "\(position): \(path): \(message)" }
}

/// A place in a text: 1-based line, and 1-based column counted in Unicode scalars (what an editor shows).
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    /// The byte offset from the start of the text.
    public let offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The position of byte `offset` of a UTF-8 text. Linear in `offset`: computed only for errors.
    public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.init(line: line, column: column, offset: offset)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }

    public var description: String { "\(line):\(column)" }
}
