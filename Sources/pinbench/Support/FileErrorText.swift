import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Foundation file error as a short reason in plain words (the system's reason, such as "permission denied"),
/// never Foundation's own sentence ("The operation could not be completed", "NSCocoaErrorDomain").
enum FileErrorText {
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        let posix =
            error.domain == NSPOSIXErrorDomain ? error : (error.userInfo[NSUnderlyingErrorKey] as? NSError)
        guard let posix, posix.domain == NSPOSIXErrorDomain, let text = strerror(Int32(posix.code)) else {
            return "check that the folder exists and that you may write to it"
        }
        return String(cString: text).lowercased()
    }
}
