import ManifestEditing
import ManifestFiles
import PinExport

/// `--report FILE` through the library's ``ManifestFiles/FailureReportFile``: checked before the command's work, written
/// after it, each refusal as bad input.
enum FailureReportFile {
    static func check(_ path: String, inputs: [InputFile]) throws {
        do {
            try ManifestFiles.FailureReportFile.check(path, inputs: inputs)
        } catch {
            throw CLIFailure("report not written: " + error.reason + CommandInputs.hint(error, option: "--report"))
        }
    }

    static func write(_ reports: [PinFailureReport], to path: String, inputs: [InputFile]) throws {
        do {
            try ManifestFiles.FailureReportFile.write(reports, to: path, inputs: inputs)
        } catch {
            throw CLIFailure("report not written: " + error.reason)
        }
        if !reports.isEmpty { Output.note("wrote \(reports.count) failure report(s) to \(path)") }
    }
}
