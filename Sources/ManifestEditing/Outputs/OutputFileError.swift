/// Why an output file was not written: a value, so that the pure workbench decides on it (ask before replacing)
/// without linking the writer that throws it (ManifestFiles' `OutputFileWriter`).
public struct OutputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: Hashable, Sendable {
        /// The file exists and replacing it was not allowed: ask, then write again with `replacing`.
        case exists
        /// The path names a file the command reads (the manifest, a chain, a CA bundle), by any name or link.
        case isInput
        /// The path names one of the process's standard streams (`/dev/stdout`, or the file it was redirected to).
        case standardStream
        /// The path names a folder, terminal, pipe, socket or device.
        case notRegularFile
        /// The path names one of the files written beside the main output (an export's `.cer` certificates).
        case isCompanion
        /// The file exists and is not of the kind the writer replaces (a report replaces only a report).
        case otherKind
        case failed
    }

    public let code: Code
    public let path: String
    /// In the project's words: what went wrong and what to do.
    public let reason: String

    public init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String { reason }
}
