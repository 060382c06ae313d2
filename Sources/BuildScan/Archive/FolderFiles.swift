import Foundation

/// An unpacked app folder as ``BuildFiles``: walked once, at most ``ScanLimits/entries`` files and
/// ``ScanLimits/nameDepth`` folders deep, each name through ``EntryName``'s rule. A symbolic link is refused, not
/// followed (it could lead out of the folder, or loop): when listed, and when read (every component opened with
/// `O_NOFOLLOW`, so a file swapped for a link after listing is refused too); a file is read with `pread`, at most
/// its bound (``ScanLimits/entryBytes``, or ``ScanLimits/executableBytes`` for a Mach-O).
struct FolderFiles: BuildFiles {
    let root: String
    let limits: ScanLimits
    private let sizes: [String: Int]
    let names: [String]

    init(root: String, limits: ScanLimits) throws(ScanError) {
        self.root = root
        self.limits = limits
        var sizes: [String: Int] = [:]
        var names: [String] = []
        var pending = [""]
        var listed = 0
        while let folder = pending.popLast() {
            let path = folder.isEmpty ? root : root + "/" + folder
            let children: [String]
            do {
                children = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
            } catch {
                throw ScanError(.unreadable, entry: folder.isEmpty ? nil : folder, "the folder cannot be listed")
            }
            for child in children {
                let name = try EntryName.check(
                    Array((folder.isEmpty ? child : folder + "/" + child).utf8), limits: limits)
                listed += 1
                guard listed <= limits.entries else {
                    throw ScanError(.limit, entry: name, "the folder holds over \(limits.entries) files and folders")
                }
                var status = stat()
                guard lstat(root + "/" + name, &status) == 0 else {
                    throw ScanError(.unreadable, entry: name, "cannot be read: \(String(cString: strerror(errno)))")
                }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: pending.append(name)
                case S_IFREG:
                    names.append(name)
                    sizes[name] = Int(status.st_size)
                case S_IFLNK: throw ScanError(.unsupported, entry: name, "a symbolic link: not followed")
                default: throw ScanError(.unsupported, entry: name, "neither a file nor a folder")
                }
            }
        }
        self.sizes = sizes
        self.names = names.sorted()
    }

    func size(of name: String) -> Int? { sizes[name] }

    func read(_ name: String, maxBytes: Int?) throws(ScanError) -> [UInt8] {
        guard let size = sizes[name] else { throw ScanError(.malformed, entry: name, "the folder has no such file") }
        let bound = maxBytes ?? limits.entryBytes
        guard size <= bound else {
            throw ScanError(.limit, entry: name, "is \(size) bytes, over the \(bound) read for such a file")
        }
        do throws(ScanError) {
            let source = try FileArchiveSource(descriptor: try openInside(name))
            guard source.size == size else {
                throw ScanError(.unreadable, entry: name, "changed while it was being scanned")
            }
            return try source.read(offset: 0, count: size)
        } catch {
            throw ScanError(error.kind, entry: name, error.reason)
        }
    }

    /// `name` opened from the root one component at a time, each with `O_NOFOLLOW`: a file or folder swapped for a
    /// symbolic link after the folder was listed is refused, never followed out of the folder. The last component
    /// is opened non-blocking (a FIFO put in its place is refused, not waited on).
    private func openInside(_ name: String) throws(ScanError) -> Int32 {
        var directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else {
            throw ScanError(.unreadable, entry: nil, "the folder cannot be opened: \(String(cString: strerror(errno)))")
        }
        let parts = name.split(separator: "/")
        for (index, part) in parts.enumerated() {
            let flags = index == parts.count - 1 ? O_RDONLY | O_NONBLOCK : O_RDONLY | O_DIRECTORY
            let next = openat(directory, String(part), flags | O_NOFOLLOW | O_CLOEXEC)
            let failure = errno
            close(directory)
            guard next >= 0 else {
                // ELOOP: the component is a symbolic link; ENOTDIR: a folder became a file (or a link, on some
                // systems, with O_DIRECTORY).
                if failure == ELOOP || failure == ENOTDIR {
                    throw ScanError(.unsupported, entry: name, "a symbolic link (or a changed folder): not followed")
                }
                throw ScanError(.unreadable, entry: name, "cannot be opened: \(String(cString: strerror(failure)))")
            }
            directory = next
        }
        return directory
    }
}
