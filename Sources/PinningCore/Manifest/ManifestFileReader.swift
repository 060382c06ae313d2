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

/// Reads a manifest file's bytes with errors in the project's words (never Foundation's), and a size bound so that a
/// huge or endless file (a device, a FIFO) is refused before it is read into memory.
enum ManifestFileReader {
    /// Manifests are small: 10,000 domains take about 5 MiB. Anything past this is not a manifest.
    static let maximumSize = 64 * 1024 * 1024

    /// The file's bytes, or nil when it does not exist. `shownPath` names the file in errors.
    static func readIfPresent(_ path: String, shownPath: String) throws(ManifestError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw ManifestError(.unreadable, path: shownPath, reason: "cannot read: " + describe(code, path, shownPath))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ManifestError(
                .unreadable, path: shownPath, reason: "cannot read: " + describe(errno, path, shownPath))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
            throw ManifestError(.unreadable, path: shownPath, reason: "is \(kind); a manifest is a JSON file")
        }
        guard Int(info.st_size) <= maximumSize else {
            throw ManifestError(
                .unreadable,
                path: shownPath,
                reason: "is \(Int(info.st_size) / (1024 * 1024)) MiB; a manifest may be at most "
                    + "\(maximumSize / (1024 * 1024)) MiB. Is this the right file?"
            )
        }
        var data = Data(count: Int(info.st_size))
        var filled = 0
        while true {
            if filled == data.count {
                // The file grew since fstat: read on, within the bound.
                guard data.count < maximumSize + 1 else { break }
                data.count = min(max(data.count * 2, 4096), maximumSize + 1)
            }
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ManifestError(
                    .unreadable, path: shownPath, reason: "cannot read: " + describe(errno, path, shownPath))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= maximumSize else {
            throw ManifestError(
                .unreadable, path: shownPath,
                reason: "grew past \(maximumSize / (1024 * 1024)) MiB while being read; a manifest is smaller")
        }
        data.count = filled
        return data
    }

    private static func describe(_ code: Int32, _ path: String, _ shownPath: String) -> String {
        SystemCallFailure.describe(code, path: path == shownPath ? path : "\(path) (the target of \(shownPath))")
    }
}
