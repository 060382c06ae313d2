import CZlib

/// Inflates a ZIP entry's deflate data with zlib into exactly the size its central record declares: a stream that
/// would give one byte more, or ends short, is an error naming the entry (its size lies), and nothing past the
/// declared size is ever allocated.
enum RawInflater {
    /// Compressed bytes read from the source at a time: the entry's compressed bytes are never held whole beside
    /// what they inflate to.
    static let inputChunk = 1 << 20

    static func inflate(_ compressed: [UInt8], expected: Int, entry: String) throws(ScanError) -> [UInt8] {
        try inflate(MemoryArchiveSource(compressed), at: 0, count: compressed.count, expected: expected, entry: entry)
    }

    /// Inflates the `count` compressed bytes at `offset` of `source`, read ``inputChunk`` bytes at a time.
    static func inflate(
        _ source: any ArchiveSource, at offset: Int, count: Int, expected: Int, entry: String
    ) throws(ScanError) -> [UInt8] {
        var stream = z_stream()
        guard pb_inflate_init_raw(&stream) == Z_OK else {
            throw ScanError(.malformed, entry: entry, "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        // One spare byte: inflating into it proves the declared size is a lie.
        var output = [UInt8](repeating: 0, count: expected + 1)
        var status = Z_OK
        var consumed = 0
        var produced = 0
        repeat {
            let chunk = try source.read(offset: offset + consumed, count: min(inputChunk, count - consumed))
            consumed += chunk.count
            let last = consumed == count
            let written = produced
            status = chunk.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { target -> Int32 in
                    // zlib only reads `next_in` (its `z_const` is empty in this build, hence the mutable type).
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                    stream.avail_in = uInt(input.count)
                    stream.next_out = target.baseAddress! + written
                    stream.avail_out = uInt(target.count - written)
                    return CZlib.inflate(&stream, last ? Z_FINISH : Z_NO_FLUSH)
                }
            }
            produced = output.count - Int(stream.avail_out)
            // Stop at the stream's end, an error, or a full output (which the checks below turn into words).
            guard status == Z_OK, produced < output.count else { break }
        } while consumed < count
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
