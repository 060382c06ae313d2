import Foundation
import PinningCore

/// Writes RFC 7469 failure reports to the file `--report` names (a JSON array), replacing it.
enum FailureReportFile {
    static func write(_ reports: [PinFailureReport], to path: String) throws {
        let data: Data
        do {
            data = try PinFailureReport.json(reports)
        } catch {
            throw CLIFailure("could not encode the failure reports as JSON")
        }
        do {
            try OutputFileWriter.write(data, to: path, replacing: true)
        } catch {
            throw CLIFailure("report not written: " + error.reason)
        }
        if !reports.isEmpty { Output.note("wrote \(reports.count) failure report(s) to \(path)") }
    }
}
