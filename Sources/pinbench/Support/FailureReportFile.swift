import Foundation
import ManifestEditing
import ManifestFiles
import PinExport
import PinningCore

/// Writes RFC 7469 failure reports to the file `--report` names (a JSON array), replacing it.
///
/// The file is new or an earlier report (``PinFailureReport/isReportFile(_:)``), never a file of another kind and
/// never one of the command's inputs (``OutputTarget``). Commands check it before their work, so a wrong path fails
/// at once, and again when writing.
enum FailureReportFile {
    /// The largest existing file read to tell whether it is a report.
    static let readLimit = 64 << 20

    /// The target for `path`, or the reason it cannot be a report file.
    @discardableResult
    static func check(_ path: String, inputs: [InputFile]) throws -> OutputTarget {
        do throws(OutputFileError) {
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
        } catch {
            throw CLIFailure("report not written: " + error.reason + CommandInputs.hint(error, option: "--report"))
        }
    }

    static func write(_ reports: [PinFailureReport], to path: String, inputs: [InputFile]) throws {
        let data: Data
        do {
            data = try PinFailureReport.json(reports)
        } catch {
            throw CLIFailure("could not encode the failure reports as JSON")
        }
        let target = try check(path, inputs: inputs)
        do {
            try OutputFileWriter.write(data, to: target, replacing: true)
        } catch {
            throw CLIFailure("report not written: " + error.reason)
        }
        if !reports.isEmpty { Output.note("wrote \(reports.count) failure report(s) to \(path)") }
    }
}
