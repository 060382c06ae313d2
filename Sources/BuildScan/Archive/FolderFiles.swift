import Foundation

/// An unpacked app folder as ``BuildFiles``: walked once, at most ``ScanLimits/entries`` files and
/// ``ScanLimits/nameDepth`` folders deep, each name through ``EntryName``'s rule. A symbolic link is refused, not
/// followed (it could lead out of the folder, or loop); a file is read with `pread`, at most
/// ``ScanLimits/entryBytes``.
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

    func read(_ name: String) throws(ScanError) -> [UInt8] {
        guard let size = sizes[name] else { throw ScanError(.malformed, entry: name, "the folder has no such file") }
        guard size <= limits.entryBytes else {
            throw ScanError(.limit, entry: name, "is \(size) bytes, over the \(limits.entryBytes) read per entry")
        }
        do throws(ScanError) {
            let source = try FileArchiveSource(path: root + "/" + name)
            guard source.size == size else {
                throw ScanError(.unreadable, entry: name, "changed while it was being scanned")
            }
            return try source.read(offset: 0, count: size)
        } catch {
            throw ScanError(error.kind, entry: name, error.reason)
        }
    }
}
