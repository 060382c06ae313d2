import Foundation

/// What the script's actions saw on disk while the session ran, read by the test after the session ended (the
/// actions run on the session's thread; `run()` returning orders them before the test's reads).
final class Observations: @unchecked Sendable {
    /// pins.json after `w`: its text, inode and mode, and leftover temporary files of the atomic write.
    var savedText = ""
    var savedStamp: (inode: UInt64, mode: UInt32)?
    var temporaryFilesAfterSave: [String] = []
    /// The exported file's text.
    var exportedText = ""
    /// The backup key folder's file names, the key file's mode, and openssl's pin of the key.
    var keyFolderNames: [String] = []
    var keyFileMode: UInt32?
    var opensslKeyPin = ""
}
