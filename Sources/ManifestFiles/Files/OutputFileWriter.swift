import Foundation
import ManifestEditing

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
