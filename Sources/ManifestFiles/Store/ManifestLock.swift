import Foundation
import PinningCore

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
#elseif canImport(Musl)
    import Musl
    private let systemRead = Musl.read
    private let systemWrite = Musl.write
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
#endif

/// An exclusive advisory lock on one manifest (`flock` on `.NAME.lock` beside the target file), held across a whole
/// read-modify-write so that two writers never both start from the same old file and one of them silently loses.
///
/// The holder writes its process id into the lock file so that a writer who gives up can say who holds it. The
/// holder removes the lock file when it releases the lock; a writer that locked a file which was removed or replaced
/// meanwhile sees that its descriptor no longer matches the path and tries again, so removing it never lets two
/// writers in at once. A holder killed with `kill -9` leaves the file behind, but not the lock: the kernel drops
/// it with the process, and the next writer takes it over.
final class ManifestLock {
    let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// The lock file's path for a manifest target.
    static func path(for target: ManifestTarget) -> String {
        target.folder + "/." + target.name + ".lock"
    }

    /// Takes the lock for `target`, waiting at most `timeout` for another holder to finish.
    static func acquire(for target: ManifestTarget, timeout: Duration) throws(ManifestError) -> ManifestLock {
        let path = path(for: target)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.milliseconds(2)
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                let code = errno
                let why =
                    switch code {
                    case ENOENT where !FileManager.default.fileExists(atPath: target.folder):
                        "the folder \(target.folder) does not exist"
                    // /proc and other pseudo file systems refuse new files with ENOENT although the folder exists.
                    case ENOENT:
                        "no file can be created in \(target.folder) (is it a pseudo file system such as /proc?)"
                    case ELOOP: "the lock file \(path) is a symbolic link, which pinbench never makes; remove it"
                    default: "cannot create the lock file: " + SystemCallFailure.describe(code, path: path)
                    }
                throw ManifestError(.writeFailed, path: target.given, reason: why + "; nothing was written")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                if isStillNamed(path, by: descriptor) {
                    guard isOwnFile(descriptor) else {
                        close(descriptor)
                        throw ManifestError(
                            .writeFailed, path: target.given,
                            reason: "the lock file \(path) is not a plain file of its own (a hard link to another "
                                + "file, a pipe or a device), which pinbench never makes; remove it; nothing was written"
                        )
                    }
                    recordHolder(descriptor)
                    return ManifestLock(path: path, descriptor: descriptor)
                }
                // The previous holder removed this file as it released it: lock the file now at the path.
                close(descriptor)
                continue
            }
            let code = errno
            close(descriptor)
            guard code == EWOULDBLOCK || code == EINTR else {
                throw ManifestError(
                    .writeFailed,
                    path: target.given,
                    reason: "cannot lock \(path): \(SystemCallFailure.describe(code, path: path)); nothing was written"
                )
            }
            guard clock.now < deadline else {
                throw ManifestError(.locked, path: target.given, reason: timeoutReason(path: path, timeout: timeout))
            }
            usleep(useconds_t(microseconds(pause)))
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    /// Removes the lock file and drops the lock (in this order, so a waiter never locks a file still in use).
    func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }

    private static func isStillNamed(_ path: String, by descriptor: Int32) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, lstat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    /// True for a regular file with one name. The holder truncates the lock file and writes its process id into
    /// it: a hard link planted at the lock's path (to `~/.bashrc`, say) would have that file overwritten.
    private static func isOwnFile(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1
    }

    private static func recordHolder(_ descriptor: Int32) {
        let text = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = text.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    }

    /// Says who holds the lock, as far as the lock file tells, and what to do.
    private static func timeoutReason(path: String, timeout: Duration) -> String {
        let waited = "\(Double(microseconds(timeout) / 1000) / 1000) s"
        var holder = "another process"
        if let pid = kernelLockHolder(path) ?? holderProcessID(path) {
            holder = "process \(pid)"
            if let name = processName(pid) { holder += " (\(name))" }
        }
        return "another writer, \(holder), holds the manifest's lock \(path) and did not finish within \(waited); "
            + "nothing was written. Wait for it and try again; if it is stuck, stop that process "
            + "(the lock is released when it exits)"
    }

    private static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }

    /// The process holding an `flock` on `path` as the kernel reports it (Linux /proc/locks): right even when the
    /// holder is not pinbench (e.g. `flock(1)` in a script) and so wrote no process id.
    private static func kernelLockHolder(_ path: String) -> Int32? {
        var info = stat()
        guard lstat(path, &info) == 0,
            let table = FileManager.default.contents(atPath: "/proc/locks").map({ $0.prefix(1 << 20) })
        else { return nil }
        let device = UInt64(info.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let file = String(format: "%02x:%02x:%lu", major, minor, UInt64(info.st_ino))
        for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
            // "1: FLOCK  ADVISORY  WRITE 7727 fe:00:16236708 0 EOF"
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == file, let pid = Int32(fields[4]), pid > 0
            else { continue }
            return pid
        }
        return nil
    }

    private static func holderProcessID(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = Int32(text), pid > 0 else { return nil }
        return pid
    }

    /// The command name of a live process (Linux /proc), reduced to safe characters: it is shown to the user.
    private static func processName(_ pid: Int32) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/comm") else { return nil }
        let name = String(decoding: data.prefix(32), as: UTF8.self).filter {
            $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0))
        }
        return name.isEmpty ? nil : name
    }
}
