import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Words for the errno values a file read or write can meet, so that users read what to do rather than a library's
/// message: the one table for the manifest's writes and lock and for the files the CLI writes through Foundation.
package enum SystemCallFailure {
    /// What `code` means for the file or folder at `path`, in the project's words.
    package static func describe(_ code: Int32, path: String) -> String {
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

    /// What a Foundation file error means for `path`, by the system error beneath it; never Foundation's own
    /// sentence ("The operation could not be completed", "NSCocoaErrorDomain").
    package static func describe(_ error: any Error, path: String) -> String {
        let error = error as NSError
        let posix = error.domain == NSPOSIXErrorDomain ? error : (error.userInfo[NSUnderlyingErrorKey] as? NSError)
        guard let posix, posix.domain == NSPOSIXErrorDomain else {
            return "cannot write \(path); check that its folder exists and that you may write to it"
        }
        return describe(Int32(posix.code), path: path)
    }
}
