import Foundation
import ManifestLint
import PinningCore

/// The gate in front of every write (``LintGateDecision``): prints the findings, and refuses a write with lint errors
/// unless the user overrides (exit 1). Run by ``ManifestStore/update(at:createIfMissing:lockTimeout:beforeWriting:_:)``
/// under the manifest's lock.
enum LintGate {
    static func check(_ manifest: PinManifest, writingTo url: URL, allowErrors: Bool) throws {
        let decision = LintGateDecision(manifest, writingTo: url, allowErrors: allowErrors)
        for finding in decision.findings { Output.note(finding.formatted) }
        if let refusal = decision.refusal { throw CLIFailure(refusal, exitCode: .rejected) }
        if let warning = decision.overrideWarning { Output.note(warning) }
    }
}
