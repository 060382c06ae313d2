import Foundation
import ManifestEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a backup key and its CSR as new files: the private key with mode 0600, and never over anything.
///
/// Both files are created in the open folder (``BackupKeyFolder``) with `O_CREAT | O_EXCL | O_NOFOLLOW`: an existing
/// file is refused rather than replaced (a backup key overwritten is a pin that no key matches any more), and so is
/// a symbolic link planted at the path, dangling or not (`O_EXCL` fails on any link), so the key is never written
/// somewhere the link's owner chose. The key's mode is set with `fchmod` on the open file, whatever the umask.
public enum BackupKeyFiles {
    /// Opens `folder` and writes `key` into it under ``BackupKey/fileNames``; returns the paths written.
    public static func write(_ key: BackupKey, to folder: URL) throws(BackupKeyError) -> (key: URL, request: URL) {
        try write(key, to: BackupKeyFolder(folder))
    }

    /// Writes `key` into the folder opened before it was made; returns the paths written.
    public static func write(
        _ key: BackupKey, to folder: BackupKeyFolder
    ) throws(BackupKeyError) -> (key: URL, request: URL) {
        let names = key.fileNames
        let keyURL = folder.url.appendingPathComponent(names.key)
        let requestURL = folder.url.appendingPathComponent(names.request)
        let keyFile = try create(names.key, in: folder, mode: 0o600)
        let requestFile: Int32
        do {
            requestFile = try create(names.request, in: folder, mode: 0o644)
        } catch {
            close(keyFile)
            unlinkat(folder.descriptor, names.key, 0)
            throw error
        }
        defer {
            close(keyFile)
            close(requestFile)
        }
        do throws(BackupKeyError) {
            try write(Data(key.privateKeyPEM.utf8), to: keyFile, path: keyURL.path)
            try write(Data(key.certificateSigningRequestPEM.utf8), to: requestFile, path: requestURL.path)
            guard fsync(folder.descriptor) == 0 else {
                throw BackupKeyError(.writeFailed, reason: "\(folder.url.path) could not be flushed to disk")
            }
        } catch {
            unlinkat(folder.descriptor, names.key, 0)
            unlinkat(folder.descriptor, names.request, 0)
            throw error
        }
        return (keyURL, requestURL)
    }

    private static func create(_ name: String, in folder: BackupKeyFolder, mode: mode_t) throws(BackupKeyError) -> Int32
    {
        let path = folder.url.appendingPathComponent(name).path
        let descriptor = openat(folder.descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST || code == ELOOP {
                throw BackupKeyError(
                    .exists,
                    reason: "\(path) already exists (a file or a symbolic link); a backup key is never written "
                        + "over anything. Move it away or choose another --out folder.")
            }
            throw BackupKeyError(
                .writeFailed, reason: "\(path) could not be created (\(String(cString: strerror(code))))")
        }
        guard fchmod(descriptor, mode) == 0 else {
            let code = errno
            close(descriptor)
            unlinkat(folder.descriptor, name, 0)
            throw BackupKeyError(
                .writeFailed, reason: "\(path): could not set its mode (\(String(cString: strerror(code))))")
        }
        return descriptor
    }

    private static func write(_ data: Data, to descriptor: Int32, path: String) throws(BackupKeyError) {
        if let code = FileDescriptorWriter.writeAll(data, to: descriptor) {
            throw BackupKeyError(
                .writeFailed, reason: "\(path) could not be written (\(String(cString: strerror(code))))")
        }
        guard fsync(descriptor) == 0 else {
            throw BackupKeyError(.writeFailed, reason: "\(path) could not be flushed to disk")
        }
    }
}
