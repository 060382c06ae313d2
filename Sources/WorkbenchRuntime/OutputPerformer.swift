import Foundation
import ManifestEditing
import ManifestFiles
import PinExport
import PinningCore
import Workbench

/// Writes the files the workbench asks for (``OutputRequest/writeFile(path:contents:replacing:companions:)``)
/// through the core's atomic writer, as `pinbench export --output` does. The clipboard is the screen's business
/// (``WorkbenchScreen/copyToClipboard(_:)``).
enum OutputPerformer {
    /// Writes `contents` (and `companions` beside it) to `path`; returns the message that answers the request. A file
    /// is never written over one of `inputs`, the files the workbench reads (``OutputTarget``).
    static func writeFile(
        _ path: String, contents: [UInt8], replacing: Bool, companions: [ExportedFile], inputs: [InputFile]
    ) -> WorkbenchMessage {
        let expanded = (path as NSString).expandingTildeInPath
        do {
            try ExportFileWriter.write(
                contents, companions: companions, to: expanded, replacing: replacing, inputs: inputs)
            return .fileWritten(path: path)
        } catch {
            return .fileWriteFailed(OutputFileError(error.code, path: path, reason: error.reason))
        }
    }
}
