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

/// Replaces a file so that readers see either the old or the new content, never a torn one, even after a crash.
enum AtomicFileWriter {
    static func write(_ data: Data, to url: URL) throws(ManifestError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString.prefix(8))")
        let mode =
            (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?
            .uint16Value ?? 0o644
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else {
            throw failure(url, "cannot create a temporary file in \(folder.path)")
        }
        var ok = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        ok = ok && fsync(descriptor) == 0
        ok = close(descriptor) == 0 && ok
        guard ok, rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw failure(url, reason)
        }
        let folderDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    private static func failure(_ url: URL, _ reason: String) -> ManifestError {
        ManifestError(.writeFailed, path: url.path, reason: "could not write (\(reason)); the old file is untouched")
    }
}
