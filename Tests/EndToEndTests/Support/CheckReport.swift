import Foundation
import TestSupport

/// The part of `pinbench check --json` the end-to-end tests read, per the command's contract: one JSON object
/// `{"results": [{"host": ..., "outcome": "accepted" | "rejected" | ...}, ...], ...}`. Other fields are ignored.
// needs pinbench check
struct CheckReport: Decodable {
    struct HostResult: Decodable {
        let host: String
        let outcome: String
    }

    let results: [HostResult]

    /// The outcome reported for `host`, if it is in the results.
    func outcome(for host: String) -> String? {
        results.first { $0.host.lowercased() == host.lowercased() }?.outcome
    }

    /// Decodes a run's stdout, saying what the run printed when it is not such an object (for example when this
    /// build has no `check` command at all).
    static func decode(_ run: ProcessRunner.Result) throws -> CheckReport {
        do {
            return try JSONDecoder().decode(CheckReport.self, from: run.stdout)
        } catch {
            throw CheckReportError(
                description: "`pinbench check --json` did not print a report (exit \(run.status)); is the check "
                    + "command in this build? stdout: \(run.stdoutText.prefix(400)) stderr: \(run.stderrText.prefix(400))"
            )
        }
    }
}

struct CheckReportError: Error, CustomStringConvertible {
    let description: String
}
