import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Musl)
    import Musl
    private let systemWrite = Musl.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// The one loop that writes bytes to a file descriptor: `write(2)` may take fewer bytes than asked, or be
/// interrupted by a signal before taking any (EINTR), and both mean "write the rest again", never "done".
public enum FileDescriptorWriter {
    /// Writes every byte of `bytes` to `descriptor`; returns nil when all were written, else the `errno` that
    /// stopped it. A write that takes no byte at all is reported as EIO rather than retried forever.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }

    /// ``writeAll(_:to:)`` for any contiguous bytes (`Data`, `[UInt8]`).
    public static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }
}
