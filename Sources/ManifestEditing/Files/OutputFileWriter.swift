import Foundation

/// Writes a file the user asked for (a PEM, an export, a report) the way the manifest is written: a temporary file
/// beside it, fsync'd, then moved into place, so the file is whole or absent, never torn; links on the name are
/// followed, except a link another user left in a shared folder.
///
/// Unless told to replace, an existing file is left alone and the caller hears ``OutputFileError/Code/exists``,
/// so it can ask before overwriting. Every path is first checked by ``OutputTarget``: never an input of the
/// command, a terminal, pipe or device.
public enum OutputFileWriter {
    /// Checks `path` against `inputs` (``OutputTarget``), then writes `data` there.
    public static func write(
        _ data: Data, to path: String, replacing: Bool, inputs: [InputFile] = []
    ) throws(OutputFileError) {
        try write(data, to: OutputTarget.check(path, inputs: inputs), replacing: replacing)
    }

    /// Writes `data` to a target already checked.
    public static func write(_ data: Data, to output: OutputTarget, replacing: Bool) throws(OutputFileError) {
        let written: Bool
        do {
            written = try AtomicFileWriter.write(data, to: output.target, replacing: replacing)
        } catch {
            throw OutputFileError(.failed, path: output.path, reason: error.reason)
        }
        if !written { throw OutputFileError(.exists, path: output.path, reason: "\(output.path) already exists") }
    }
}

/// Why an output file was not written.
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
