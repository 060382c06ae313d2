import Foundation

/// Writes a file the user asked for (a PEM, an export) the way the manifest is written: a temporary file beside it,
/// fsync'd, then moved into place, so the file is whole or absent, never torn; links on the name are followed.
///
/// Unless told to replace, an existing file is left alone and the caller hears ``OutputFileError/Code/exists``,
/// so it can ask before overwriting.
public enum OutputFileWriter {
    public static func write(_ data: Data, to path: String, replacing: Bool) throws(OutputFileError) {
        guard !path.isEmpty else { throw OutputFileError(.failed, path: path, reason: "no file name given") }
        let target: ManifestTarget
        do {
            target = try ManifestTarget.resolve(URL(fileURLWithPath: path))
        } catch {
            throw OutputFileError(.failed, path: path, reason: error.reason)
        }
        let written: Bool
        do {
            written = try AtomicFileWriter.write(data, to: target, replacing: replacing)
        } catch {
            throw OutputFileError(.failed, path: path, reason: error.reason)
        }
        if !written { throw OutputFileError(.exists, path: path, reason: "\(path) already exists") }
    }
}

/// Why an output file was not written.
public struct OutputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: Hashable, Sendable {
        /// The file exists and replacing it was not allowed: ask, then write again with `replacing`.
        case exists
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
