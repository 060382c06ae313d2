import Foundation
import PinningCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file a manifest path really names: the path with symbolic links on its last component followed, relative
/// links read from the link's own folder, chains followed up to ``maximumLinks``.
///
/// Writes go to the target (a temporary file beside it, renamed over it), so `pins.json -> config/pins.json` stays a
/// link and the file in `config/` is the one updated; the lock and the temporary files live beside the target, so
/// every name of one manifest shares one lock.
struct ManifestTarget: Sendable {
    /// The path as the user gave it, for messages.
    let given: String
    /// The final file's path (it may not exist yet: a new manifest, or a link to a file still to be written).
    let path: String
    /// The final file's folder and name.
    let folder: String
    let name: String

    /// Links followed at most, as the kernel's own limit for a path (40 on Linux); more is taken as a loop.
    static let maximumLinks = 40

    var isLink: Bool { path != given }

    /// Follows `url`'s last component through symbolic links to the file they name.
    static func resolve(_ url: URL) throws(ManifestError) -> ManifestTarget {
        let given = url.path
        var path = given
        for _ in 0...maximumLinks {
            var info = stat()
            if lstat(path, &info) != 0 {
                let code = errno
                guard code == ENOENT else {
                    throw ManifestError(.unreadable, path: given, reason: SystemCallFailure.describe(code, path: path))
                }
                return ManifestTarget(given: given, path: path)
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { return ManifestTarget(given: given, path: path) }
            try refuseForeignLinkInSharedFolder(path, link: info, given: given)
            let destination = try readLink(path, given: given)
            path = destination.hasPrefix("/") ? destination : folder(of: path) + "/" + destination
        }
        throw ManifestError(
            .unreadable,
            path: given,
            reason: "more than \(maximumLinks) symbolic links in a row (a loop?); point the manifest path at the file"
        )
    }

    private init(given: String, path: String) {
        self.given = given
        self.path = path
        self.folder = Self.folder(of: path)
        self.name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// The folder part of `path` ("." for a bare name), without touching the file system.
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The kernel's `protected_symlinks` rule, applied by hand because it guards `open` and not the `rename` the
    /// writers use: in a sticky world-writable folder (`/tmp`) a link is followed only when it belongs to the caller
    /// or to the folder's owner. Anyone may plant `/tmp/report.json -> ~/.profile`; following it would replace the
    /// victim's file.
    private static func refuseForeignLinkInSharedFolder(
        _ path: String, link: stat, given: String
    )
        throws(ManifestError)
    {
        var folderInfo = stat()
        guard stat(folder(of: path), &folderInfo) == 0 else { return }
        let shared = folderInfo.st_mode & S_ISVTX != 0 && folderInfo.st_mode & S_IWOTH != 0
        guard shared, link.st_uid != geteuid(), link.st_uid != folderInfo.st_uid else { return }
        throw ManifestError(
            .unreadable, path: given,
            reason: "\(path) is a symbolic link another user (uid \(link.st_uid)) left in a shared folder "
                + "(\(folder(of: path)), writable by everyone); it is not followed. Give the file's real path")
    }

    private static func readLink(_ path: String, given: String) throws(ManifestError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else {
            throw ManifestError(.unreadable, path: given, reason: SystemCallFailure.describe(errno, path: path))
        }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
