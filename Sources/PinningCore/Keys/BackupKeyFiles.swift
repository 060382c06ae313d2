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

/// Writes a backup key and its CSR as new files: the private key with mode 0600, and never over anything.
///
/// Both files are created with `O_CREAT | O_EXCL | O_NOFOLLOW`: an existing file is refused rather than replaced (a
/// backup key overwritten is a pin that no key matches any more), and so is a symbolic link planted at the path,
/// dangling or not (`O_EXCL` fails on any link), so the key is never written somewhere the link's owner chose.
/// The key's mode is set with `fchmod` on the open file, whatever the umask.
public enum BackupKeyFiles {
    /// Writes `key` into `folder` under ``BackupKey/fileNames``; returns the paths written.
    public static func write(_ key: BackupKey, to folder: URL) throws(BackupKeyError) -> (key: URL, request: URL) {
        var status = stat()
        guard stat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw BackupKeyError(
                .folderMissing, reason: "\(folder.path) is not a folder; create it first (mkdir -m 700 DIR)")
        }
        let names = key.fileNames
        let keyURL = folder.appendingPathComponent(names.key)
        let requestURL = folder.appendingPathComponent(names.request)
        let keyFile = try create(keyURL, mode: 0o600)
        let requestFile: Int32
        do {
            requestFile = try create(requestURL, mode: 0o644)
        } catch {
            close(keyFile)
            unlink(keyURL.path)
            throw error
        }
        defer {
            close(keyFile)
            close(requestFile)
        }
        do {
            try write(Data(key.privateKeyPEM.utf8), to: keyFile, path: keyURL.path)
            try write(Data(key.certificateSigningRequestPEM.utf8), to: requestFile, path: requestURL.path)
        } catch {
            unlink(keyURL.path)
            unlink(requestURL.path)
            throw error
        }
        return (keyURL, requestURL)
    }

    private static func create(_ url: URL, mode: mode_t) throws(BackupKeyError) -> Int32 {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST || code == ELOOP {
                throw BackupKeyError(
                    .exists,
                    reason: "\(url.path) already exists (a file or a symbolic link); a backup key is never written "
                        + "over anything. Move it away or choose another --out folder.")
            }
            throw BackupKeyError(
                .writeFailed, reason: "\(url.path) could not be created (\(String(cString: strerror(code))))")
        }
        guard fchmod(descriptor, mode) == 0 else {
            let code = errno
            close(descriptor)
            unlink(url.path)
            throw BackupKeyError(
                .writeFailed, reason: "\(url.path): could not set its mode (\(String(cString: strerror(code))))")
        }
        return descriptor
    }

    private static func write(_ data: Data, to descriptor: Int32, path: String) throws(BackupKeyError) {
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw BackupKeyError(
                    .writeFailed, reason: "\(path) could not be written (\(String(cString: strerror(errno))))")
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            throw BackupKeyError(.writeFailed, reason: "\(path) could not be flushed to disk")
        }
    }
}
