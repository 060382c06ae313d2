import Foundation
import PinningCore
import Workbench

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Notices that a file the workbench reads changed on disk (the manifest after a `git pull` or a `pinbench pin add`
/// in another terminal; the releases file after a `pinbench release add`) by a cheap `stat` poll: device, inode,
/// size, modification and status-change times. `stat` follows symbolic links, so a linked file is watched at its
/// target, and re-pointing the link counts as a change too; a file that appears or goes is a change.
///
/// Only a changed stamp costs more than a `stat`: `read` then reads and decodes the file off the main thread (for
/// the manifest, the runtime's one manifest reader, ``ManifestLoader/reloadMessage(_:)``, lint facts included), and
/// its message is posted. At most one read is in flight: a file rewritten faster than it can be decoded (up to the
/// reader's 64 MiB) costs one read at a time, never a growing pile of them; the change is picked up by the next
/// poll after the read ends.
final class FileWatcher {
    private let url: URL
    private let read: @Sendable () -> WorkbenchMessage
    private var stamp: FileStamp?
    /// True until the first read, for a file read at the first poll whatever its stamp.
    private var unread: Bool
    private let reading = ReadInFlight()

    /// Watches `url`; `readAtStart` reads it at the first poll too, else only once it changes.
    init(url: URL, readAtStart: Bool = false, read: @escaping @Sendable () -> WorkbenchMessage) {
        self.url = url
        self.read = read
        unread = readAtStart
        stamp = FileStamp(path: url.path)
    }

    /// Posts `read`'s message to `inbox` when the file's stamp changed since the last call (or it was never read).
    func poll(into inbox: MessageInbox) {
        let now = FileStamp(path: url.path)
        guard now != stamp || unread, reading.begin() else { return }
        stamp = now
        unread = false
        let read = self.read
        let reading = self.reading
        Task.detached(executorPreference: RuntimeExecutor.shared) {
            inbox.post(read())
            reading.end()
        }
    }
}

/// Whether a read of the manifest is running (set on the session's thread, cleared by the reading task).
final class ReadInFlight: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false

    /// True, and marked running, when no read was running.
    func begin() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if running { return false }
        running = true
        return true
    }

    func end() {
        lock.lock()
        running = false
        lock.unlock()
    }
}

/// What `stat` says about a file, enough to tell that it was replaced or written; nil fields for a missing file.
struct FileStamp: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    /// The stamp of the file at `path`, or nil when there is none (or it cannot be examined).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }
}
