import CZlib

/// Inflates a ZIP entry's deflate data with zlib into exactly the size its central record declares: a stream that
/// would give one byte more, or ends short, is an error naming the entry (its size lies), and nothing past the
/// declared size is ever allocated.
enum RawInflater {
    static func inflate(_ compressed: [UInt8], expected: Int, entry: String) throws(ScanError) -> [UInt8] {
        var stream = z_stream()
        guard pb_inflate_init_raw(&stream) == Z_OK else {
            throw ScanError(.malformed, entry: entry, "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        // One spare byte: inflating into it proves the declared size is a lie.
        var output = [UInt8](repeating: 0, count: expected + 1)
        let status = compressed.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target -> Int32 in
                // zlib only reads `next_in` (its `z_const` is empty in this build, hence the mutable type): the
                // compressed bytes are passed as they are, not copied (a copy was as large again as the entry).
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        let produced = output.count - Int(stream.avail_out)
        if produced > expected {
            throw ScanError(.sizeMismatch, entry: entry, "inflates past the \(expected) bytes it declares")
        }
        guard status == Z_STREAM_END else {
            if status == Z_BUF_ERROR || status == Z_OK {
                throw ScanError(
                    .sizeMismatch, entry: entry,
                    "its deflate data ends after \(produced) of the \(expected) bytes it declares")
            }
            throw ScanError(.malformed, entry: entry, "its deflate data is corrupt (zlib \(status))")
        }
        guard produced == expected else {
            throw ScanError(
                .sizeMismatch, entry: entry, "inflates to \(produced) bytes, not the \(expected) it declares")
        }
        output.removeLast()
        return output
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }
}
