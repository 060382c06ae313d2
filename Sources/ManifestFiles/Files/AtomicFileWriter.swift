import Foundation
import PinningCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that readers see either the old or the new content, never a torn one, even after a crash or
/// `kill -9`: a temporary file beside the target (created exclusively, never through a link), written, given the
/// target's owner and mode, fsync'd, renamed over the target, then the folder fsync'd so the rename itself lasts.
///
/// Callers hold the manifest's ``ManifestLock``. Temporary files are named `.NAME.pinbench-tmp.PID.RANDOM`: a
/// writer killed mid-write leaves one behind, and the next writer removes those whose process is gone.
enum AtomicFileWriter {
    static let temporaryMarker = ".pinbench-tmp."

    /// Writes `data` to `target`'s final file, keeping its mode and (when allowed) its owner and group.
    ///
    /// With `replacing` false an existing file is never replaced, even one created a moment before the rename
    /// (the temporary file is linked to the name, which fails when the name exists): then nothing is written and
    /// the result is false.
    @discardableResult
    static func write(_ data: Data, to target: ManifestTarget, replacing: Bool = true) throws(ManifestError) -> Bool {
        var existing = stat()
        let exists = stat(target.path, &existing) == 0
        if exists && !replacing { return false }
        if exists && existing.st_mode & S_IFMT != S_IFREG {
            throw failure(target, "\(target.path) is not a regular file")
        }
        let random = UInt32.random(in: 0...UInt32.max)
        let temporary = target.folder + "/" + temporaryPrefix(for: target) + "\(getpid())." + String(random, radix: 16)
        let createMode: mode_t = exists ? existing.st_mode & 0o777 : 0o644
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, createMode)
        guard descriptor >= 0 else {
            throw failure(
                target, "cannot create a temporary file: " + SystemCallFailure.describe(errno, path: temporary))
        }
        do throws(ManifestError) {
            if exists { try keepOwnerAndMode(of: existing, on: descriptor, target: target) }
            if let code = FileDescriptorWriter.writeAll(data, to: descriptor) {
                throw failure(target, SystemCallFailure.describe(code, path: target.path))
            }
            guard fsync(descriptor) == 0 else {
                throw failure(target, SystemCallFailure.describe(errno, path: temporary))
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        let closed = close(descriptor) == 0
        let closeError = errno
        guard closed else {
            unlink(temporary)
            throw failure(target, SystemCallFailure.describe(closeError, path: temporary))
        }
        if replacing {
            guard rename(temporary, target.path) == 0 else {
                let code = errno
                unlink(temporary)
                throw failure(target, SystemCallFailure.describe(code, path: target.path))
            }
        } else {
            let linked = link(temporary, target.path) == 0
            let code = errno
            unlink(temporary)
            if !linked && code == EEXIST { return false }
            guard linked else { throw failure(target, SystemCallFailure.describe(code, path: target.path)) }
        }
        let folderDescriptor = open(target.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return true
    }

    /// Removes temporary files of `target` left by pinbench processes that no longer exist (killed mid-write).
    /// Only this manifest's own pattern, only dead processes; returns how many were removed.
    @discardableResult
    static func removeStaleTemporaries(of target: ManifestTarget) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: target.folder) else { return 0 }
        let prefix = temporaryPrefix(for: target)
        var removed = 0
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
            guard rest.count == 2, let pid = Int32(rest[0]), pid > 0, pid != getpid(), !isAlive(pid) else { continue }
            if unlink(target.folder + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }

    /// `.NAME.pinbench-tmp.`: what every temporary file of `target` starts with.
    static func temporaryPrefix(for target: ManifestTarget) -> String {
        "." + target.name + temporaryMarker
    }

    private static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Gives the new file the old one's owner and group (always as root; otherwise as far as the system allows,
    /// i.e. the group when the writer belongs to it), then its mode, in this order because a change of owner
    /// clears the set-id bits.
    private static func keepOwnerAndMode(
        of existing: stat, on descriptor: Int32, target: ManifestTarget
    )
        throws(ManifestError)
    {
        if existing.st_uid != geteuid() || existing.st_gid != getegid() {
            if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 {
                if geteuid() == 0 {
                    throw failure(
                        target,
                        "cannot give the new file the owner of the old one: "
                            + SystemCallFailure.describe(errno, path: target.path))
                }
                _ = fchown(descriptor, uid_t(bitPattern: -1), existing.st_gid)
            }
        }
        guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else {
            throw failure(
                target, "cannot keep the file's mode: " + SystemCallFailure.describe(errno, path: target.path))
        }
    }

    private static func failure(_ target: ManifestTarget, _ reason: String) -> ManifestError {
        let through = target.isLink ? " (through the link, to \(target.path))" : ""
        return ManifestError(
            .writeFailed, path: target.given, reason: "could not write\(through): \(reason); the old file is untouched")
    }
}
