import Foundation
import ManifestEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder opened once, for the key files: names inside it are created relative to the open folder, so renaming
/// the folder or swapping it (or a folder above it) for a symbolic link after it was opened cannot move where the
/// private key goes. A link as the folder's own last component is refused (`O_NOFOLLOW`).
public final class BackupKeyFolder: Sendable {
    /// The folder as given, for messages and the pin's note.
    public let url: URL
    let descriptor: Int32

    /// Opens `url` as a folder; refuses a missing folder, a file, and a symbolic link.
    public init(_ url: URL) throws(BackupKeyError) {
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            // Linux answers ENOTDIR for a link to a folder under O_DIRECTORY | O_NOFOLLOW, other systems ELOOP.
            var info = stat()
            if code == ELOOP || (code == ENOTDIR && lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK) {
                throw BackupKeyError(
                    .folderIsLink,
                    reason: "\(url.path) is a symbolic link; give the folder it points to (a link could be swapped "
                        + "while the key is made)")
            }
            if code == ENOENT || code == ENOTDIR {
                throw BackupKeyError(
                    .folderMissing, reason: "\(url.path) is not a folder; create it first (mkdir -m 700 DIR)")
            }
            throw BackupKeyError(
                .writeFailed, reason: "\(url.path) could not be opened (\(String(cString: strerror(code))))")
        }
        self.url = url
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
