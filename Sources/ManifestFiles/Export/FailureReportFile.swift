import Foundation
import ManifestEditing
import PinExport
import PinningCore

/// The file RFC 7469 failure reports are written to (a JSON array), replacing it.
///
/// The file is new or an earlier report (``PinFailureReport/isReportFile(_:)``), never a file of another kind and
/// never one of the command's inputs (``OutputTarget``). Commands check it before their work, so a wrong path fails
/// at once, and again when writing.
public enum FailureReportFile {
    /// The largest existing file read to tell whether it is a report.
    public static let readLimit = 64 << 20

    /// The target for `path`, or the reason it cannot be a report file.
    @discardableResult
    public static func check(_ path: String, inputs: [InputFile]) throws(OutputFileError) -> OutputTarget {
        let target = try OutputTarget.check(path, inputs: inputs)
        if let bytes = try target.existingContents(limit: readLimit, what: "failure report"),
            !PinFailureReport.isReportFile(Array(bytes))
        {
            throw OutputFileError(
                .otherKind, path: path,
                reason: "\(path) exists and is not a failure report (a JSON array of RFC 7469 reports); a "
                    + "report replaces only an earlier report. Give a new file name, or move the file away")
        }
        return target
    }

    /// Writes `reports` to `path` (checked again now), atomically.
    public static func write(
        _ reports: [PinFailureReport], to path: String, inputs: [InputFile]
    ) throws(OutputFileError) {
        let data: Data
        do {
            data = try PinFailureReport.json(reports)
        } catch {
            throw OutputFileError(.otherKind, path: path, reason: "could not encode the failure reports as JSON")
        }
        try OutputFileWriter.write(data, to: try check(path, inputs: inputs), replacing: true)
    }
}
