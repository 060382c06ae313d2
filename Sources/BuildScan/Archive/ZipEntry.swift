/// One entry of an archive's central directory, as declared: its sizes are claims that reading checks.
public struct ZipEntry: Sendable, Equatable {
    public let name: String
    public let method: UInt16
    public let flags: UInt16
    public let crc32: UInt32
    public let compressedSize: Int
    public let uncompressedSize: Int
    /// Where its local header starts in the archive.
    public let localHeaderOffset: Int

    /// Stored (0) and deflate (8) are the methods APKs use; anything else is refused when read.
    var isSupportedMethod: Bool { method == 0 || method == 8 }
    var isEncrypted: Bool { flags & 1 != 0 }
}
