/// Turns the body of a JSON string that ``JSONReader`` has already checked into its text, resolving escapes.
enum JSONStringDecoder {
    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(body.count)
        var index = 0
        while index < body.count {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            let escape = body[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var value = hexQuad(body, at: index)
                index += 4
                if (0xD800...0xDBFF).contains(value) {
                    // The reader only lets a high surrogate through when a low one follows.
                    let low = hexQuad(body, at: index + 2)
                    index += 6
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                // The reader refuses lone surrogates before this runs; should one ever arrive, it becomes U+FFFD
                // rather than a crash.
                utf8.append(contentsOf: String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
            default: utf8.append(escape)  // \" \\ \/
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The value of the four hex digits at `index`.
    static func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 { value = value << 4 | UInt32(hexValue(bytes[index + offset]) ?? 0) }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
