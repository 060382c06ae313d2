#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Words for the errno values a manifest read or write can meet, so that users read what to do rather than a
/// library's message.
enum SystemCallFailure {
    /// What `code` means for the file or folder at `path`, in the project's words.
    static func describe(_ code: Int32, path: String) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied on \(path); check its owner and mode and those of its folder"
        case ENOENT: return "\(path) does not exist"
        case ENOTDIR: return "a part of \(path) is not a folder"
        case EISDIR: return "\(path) is a folder, not a file"
        case EROFS: return "\(path) is on a read-only file system"
        case ENOSPC, EDQUOT: return "no space left (or quota reached) for \(path)"
        case ELOOP: return "\(path) leads through too many symbolic links (a loop?)"
        case ENAMETOOLONG: return "the path \(path) is too long"
        case EEXIST: return "\(path) already exists"
        case EIO: return "input/output error on \(path); the disk may be failing"
        default: return "system error \(code) on \(path)"
        }
    }
}
