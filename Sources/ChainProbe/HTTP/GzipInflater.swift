import CZlib

/// Inflates a gzip body with zlib, refusing to produce more than a bound: a few KiB of gzip can claim gigabytes.
enum GzipInflater {
    static func inflate(_ compressed: [UInt8], maximumBytes: Int) -> Result<[UInt8], HTTPFetchFailure> {
        var stream = z_stream()
        guard pb_inflate_init_gzip(&stream) == Z_OK else { return .failure(.malformed("zlib could not start")) }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = compressed
        return input.withUnsafeMutableBufferPointer { source -> Result<[UInt8], HTTPFetchFailure> in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { target -> Int32 in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output += chunk[..<produced]
                if output.count > maximumBytes {
                    return .failure(.tooLarge("the gzip body inflates past \(maximumBytes) bytes"))
                }
                switch status {
                case Z_STREAM_END: return .success(output)
                case Z_OK:
                    if produced == 0 && stream.avail_in == 0 { return .failure(.malformed("the gzip body ends early")) }
                default: return .failure(.malformed("the gzip body does not inflate (zlib \(status))"))
                }
            }
        }
    }
}
