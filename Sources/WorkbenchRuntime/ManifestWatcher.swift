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

/// Notices that the manifest file changed on disk (a `git pull`, a `pinbench pin add` in another terminal) by a
/// cheap `stat` poll: device, inode, size, modification and status-change times. `stat` follows symbolic links, so
/// a linked manifest is watched at its target, and re-pointing the link counts as a change too.
///
/// Only a changed stamp costs more than a `stat`: the file is then read and decoded off the main thread, through
/// the runtime's one manifest reader (``ManifestLoader/reloadMessage(_:)``, lint facts included), and the result posted as one message. At most one read is
/// in flight: a file rewritten faster than it can be decoded (up to the reader's 64 MiB) costs one read at a time,
/// never a growing pile of them; the change is picked up by the next poll after the read ends.
final class ManifestWatcher {
    private let url: URL
    private var stamp: FileStamp?
    private let reading = ReadInFlight()

    init(url: URL) {
        self.url = url
        stamp = FileStamp(path: url.path)
    }

    /// Posts ``WorkbenchMessage/manifestOnDisk(_:)`` to `inbox` when the file's stamp changed since the last call.
    func poll(into inbox: MessageInbox) {
        let now = FileStamp(path: url.path)
        guard now != stamp, reading.begin() else { return }
        stamp = now
        let url = self.url
        let reading = self.reading
        Task.detached {
            inbox.post(ManifestLoader.reloadMessage(url))
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
