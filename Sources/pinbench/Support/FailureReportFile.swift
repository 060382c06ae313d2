import ManifestEditing
import PinExport

/// `--report FILE` through the library's ``PinExport/FailureReportFile``: checked before the command's work, written
/// after it, each refusal as bad input.
enum FailureReportFile {
    static func check(_ path: String, inputs: [InputFile]) throws {
        do {
            try PinExport.FailureReportFile.check(path, inputs: inputs)
        } catch {
            throw CLIFailure("report not written: " + error.reason + CommandInputs.hint(error, option: "--report"))
        }
    }

    static func write(_ reports: [PinFailureReport], to path: String, inputs: [InputFile]) throws {
        do {
            try PinExport.FailureReportFile.write(reports, to: path, inputs: inputs)
        } catch {
            throw CLIFailure("report not written: " + error.reason)
        }
        if !reports.isEmpty { Output.note("wrote \(reports.count) failure report(s) to \(path)") }
    }
}
