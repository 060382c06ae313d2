import Foundation

/// Where an archive's bytes come from: a file read a range at a time (a 100 MB APK is never held whole), or bytes
/// in memory (tests, the fuzz targets).
public protocol ArchiveSource: Sendable {
    var size: Int { get }
    /// Exactly `count` bytes at `offset`; an error when the range leaves the source.
    func read(offset: Int, count: Int) throws(ScanError) -> [UInt8]
}

/// An archive in memory.
public struct MemoryArchiveSource: ArchiveSource {
    public let bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public var size: Int { bytes.count }

    public func read(offset: Int, count: Int) throws(ScanError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
            throw ScanError(.malformed, entry: nil, "a range of \(count) bytes at \(offset) leaves the archive")
        }
        return Array(bytes[offset..<offset + count])
    }
}

/// An archive file, read with `pread` so that reads at offsets need no shared position.
public final class FileArchiveSource: ArchiveSource {
    public let size: Int
    private let descriptor: Int32

    public convenience init(path: String) throws(ScanError) {
        // Non-blocking: a FIFO named as the artifact is refused below, never waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw ScanError(.unreadable, entry: nil, "cannot be opened: \(String(cString: strerror(errno)))")
        }
        try self.init(descriptor: descriptor)
    }

    /// Takes `descriptor` over (it is closed when this source goes, or at once when it is not a regular file).
    init(descriptor: Int32) throws(ScanError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw ScanError(.unreadable, entry: nil, "not a regular file")
        }
        self.descriptor = descriptor
        self.size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    public func read(offset: Int, count: Int) throws(ScanError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw ScanError(.malformed, entry: nil, "a range of \(count) bytes at \(offset) leaves the archive")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else {
                throw ScanError(.unreadable, entry: nil, "the file ended or failed while being read")
            }
            done += got
        }
        return bytes
    }
}
