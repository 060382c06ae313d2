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
        try ExportFiles.write(data, to: URL(fileURLWithPath: path), replacing: true)
        if !reports.isEmpty { Output.note("wrote \(reports.count) failure report(s) to \(path)") }
    }
}
