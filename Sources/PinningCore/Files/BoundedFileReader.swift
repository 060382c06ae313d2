import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Musl)
    import Musl
    private let systemRead = Musl.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// Reads a whole user-supplied file with a size limit, refusing what is not a regular file.
///
/// Chain files, manifests, trust anchors and themes are named by users and sometimes by attackers: a FIFO or a
/// character device would block a read forever, and `/dev/zero` or a huge file would exhaust memory. The size is
/// checked on the open descriptor before reading, and the read stops one byte past the limit in case the file
/// grows meanwhile.
public enum BoundedFileReader {
    /// The bytes of the regular file at `url`, at most `limit` bytes; `what` names the kind of file in errors
    /// ("manifest", "chain file", "Android Network Security Config configuration"), without an article: messages
    /// put "the" before it.
    public static func read(_ url: URL, limit: Int, what: String) throws(FileReadError) -> Data {
        let path = url.path
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below as not a regular file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw openFailure(errno, path: path, what: what) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ioFailure(errno, path: path) }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR {
            throw FileReadError(.isFolder, path: path, reason: "is a folder; give the \(what) file inside it")
        }
        guard kind == S_IFREG else {
            throw FileReadError(
                .notRegularFile, path: path,
                reason: "is not a regular file (a pipe, socket or device); save the \(what) to a file first")
        }
        if Int(status.st_size) > limit {
            throw tooLarge(path: path, what: what, limit: limit)
        }
        var data = Data(count: Int(status.st_size) + 1)
        var length = 0
        while true {
            if length == data.count {
                guard data.count <= limit else { throw tooLarge(path: path, what: what, limit: limit) }
                data.count = min(data.count * 2, limit + 1)
            }
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + length, buffer.count - length)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw ioFailure(errno, path: path)
            }
            if count == 0 { break }
            length += count
        }
        guard length <= limit else { throw tooLarge(path: path, what: what, limit: limit) }
        data.count = length
        return data
    }

    private static func openFailure(_ code: Int32, path: String, what: String) -> FileReadError {
        switch code {
        case ENOENT:
            return FileReadError(.notFound, path: path, reason: "no such file; check the path of the \(what)")
        case ENOTDIR:
            return FileReadError(.notFound, path: path, reason: "no such file: a part of the path is not a folder")
        case EACCES, EPERM:
            return FileReadError(
                .permissionDenied, path: path, reason: "permission denied; this user may not read the \(what)")
        case ELOOP:
            return FileReadError(.symlinkLoop, path: path, reason: "too many levels of symbolic links (a loop?)")
        case EISDIR:
            return FileReadError(.isFolder, path: path, reason: "is a folder; give the \(what) file inside it")
        default:
            return ioFailure(code, path: path)
        }
    }

    private static func ioFailure(_ code: Int32, path: String) -> FileReadError {
        FileReadError(.ioFailure, path: path, reason: "could not be read (\(String(cString: strerror(code))))")
    }

    private static func tooLarge(path: String, what: String, limit: Int) -> FileReadError {
        FileReadError(
            .tooLarge, path: path,
            reason: "is larger than \(describe(bytes: limit)), the size limit for the \(what); is it the right file?")
    }

    /// `64 MiB`, `512 KiB`: limits are powers of two, so binary units read exactly.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
