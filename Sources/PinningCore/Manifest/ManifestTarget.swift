import Foundation

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

    private static func readLink(_ path: String, given: String) throws(ManifestError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else {
            throw ManifestError(.unreadable, path: given, reason: SystemCallFailure.describe(errno, path: path))
        }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
