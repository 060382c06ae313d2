import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The core's one write loop: every byte arrives however the kernel splits the writes, and a failure is the errno.
@Suite("File descriptor writer")
struct FileDescriptorWriterTests {
    @Test("4 MiB through a pipe (many times its buffer, so the kernel takes it in pieces) arrive whole and in order")
    func throughAPipe() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        var generator = SeededGenerator(seed: 7)
        let bytes = (0..<(4 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let result = WriteResult()
        let writer = Thread {
            result.code = FileDescriptorWriter.writeAll(bytes, to: writeEnd)
            close(writeEnd)
            result.done.signal()
        }
        writer.start()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        close(readEnd)
        result.done.wait()
        #expect(result.code == nil)
        #expect(received.count == bytes.count && received == bytes)
    }

    @Test("a descriptor that cannot be written gives its errno, and an empty write succeeds without a call")
    func failure() throws {
        let folder = TemporaryFolder()
        let path = folder.write("read-only", "kept")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(FileDescriptorWriter.writeAll(Data("lost".utf8), to: descriptor) == EBADF)
        #expect(FileDescriptorWriter.writeAll([UInt8](), to: -1) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept")
    }
}

/// The writer thread's result, read after `done` is signalled.
private final class WriteResult: @unchecked Sendable {
    var code: Int32?
    let done = DispatchSemaphore(value: 0)
}
