/// Reads structured values (flags, small numbers, strings) from the fuzzer's bytes, so one byte string becomes a
/// whole manifest. Reads past the end give zeros and empty strings: every input maps to some value.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isExhausted: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A number in `range`, from one byte (ranges here are small).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(byte()) % (range.count)
    }

    /// Up to `count` raw bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, position + count)
        defer { position = max(position, end) }
        return position < end ? Array(bytes[position..<end]) : []
    }

    /// A length-prefixed string of at most `maxBytes` bytes, decoded as UTF-8 (invalid sequences become U+FFFD).
    public mutating func string(maxBytes: Int = 64) -> String {
        let length = Int(byte()) % (maxBytes + 1)
        return String(decoding: bytes(length), as: UTF8.self)
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }
}
