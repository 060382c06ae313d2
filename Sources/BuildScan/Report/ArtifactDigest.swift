import Crypto
import Foundation

/// The SHA-256 of a scanned artifact, as a release taken from it records it: which build's pins these are. A file is
/// hashed as it is, a megabyte at a time (a 100 MB APK is never held whole). A folder (an unpacked `.app`) is hashed
/// as the list of its files, each one's name, a NUL and its own SHA-256, in name order: the same files give the
/// same hash wherever the folder is. A folder's files are read within the scan's bounds (``ScanLimits``: files, bytes
/// per file, bytes in all).
public enum ArtifactDigest {
    static let chunk = 1 << 20

    /// The artifact's SHA-256 in lower-case hex.
    public static func sha256(path: String, limits: ScanLimits = ScanLimits()) throws(ScanError) -> String {
        do throws(ScanError) {
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                let files = try FolderFiles(root: path, limits: limits)
                var hash = SHA256()
                var total = 0
                for name in files.names {
                    total += files.size(of: name) ?? 0
                    guard total <= limits.totalBytes else {
                        throw ScanError(
                            .limit, entry: name, "the folder's files pass \(limits.totalBytes) bytes in all")
                    }
                    hash.update(data: Array(name.utf8) + [0])
                    // Any file may be the executable: each within the larger of the two bounds.
                    let bound = max(limits.entryBytes, limits.executableBytes)
                    hash.update(data: Array(SHA256.hash(data: try files.read(name, maxBytes: bound))))
                }
                return hex(hash.finalize())
            }
            let source = try FileArchiveSource(path: path)
            var hash = SHA256()
            var offset = 0
            while offset < source.size {
                let count = min(chunk, source.size - offset)
                hash.update(data: try source.read(offset: offset, count: count))
                offset += count
            }
            return hex(hash.finalize())
        } catch {
            var named = error
            named.artifact = path
            throw named
        }
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
