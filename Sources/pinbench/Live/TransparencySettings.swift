import ArgumentParser
import Foundation
import PinningCore

/// `--ct-log-list FILE` and `--require-ct`: Certificate Transparency for `inspect` and `check`.
struct TransparencySettings: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A CT log list (the public list's JSON format) to verify the leaf's SCTs against.",
            discussion: """
                With it, the verdict says whether the leaf meets the policy: at least 2 valid SCTs from distinct \
                logs. `pinbench lab` writes the lab's own list (lab-ct-logs.json).
                """,
            valueName: "file"))
    var ctLogList: String?

    @Flag(help: "Reject a leaf that does not meet the CT policy (as NSRequiresCertificateTransparency does).")
    var requireCt = false

    func validate() throws {
        if requireCt && ctLogList == nil {
            throw ValidationError("--require-ct needs --ct-log-list FILE: SCTs are verified against a log list.")
        }
    }

    /// The requirement for the validator, or nil without a log list; a list that cannot be read is bad input.
    func requirement() throws -> CTRequirement? {
        guard let ctLogList else { return nil }
        do {
            return CTRequirement(logs: try CTLogList.read(path: ctLogList), required: requireCt)
        } catch {
            throw CLIFailure("\(ctLogList): \(error.description)")
        }
    }
}
