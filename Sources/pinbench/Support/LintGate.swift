import Foundation
import ManifestEditing
import ManifestLint
import PinningCore

/// The gate in front of every write: lint errors block it unless the user overrides, and then it says what it risks.
enum LintGate {
    /// Lets the write of `manifest` to `url` go ahead unless lint finds errors and `allowErrors` is false. Prints the
    /// findings either way. Run by ``ManifestStore/update(at:createIfMissing:lockTimeout:beforeWriting:_:)`` under
    /// the manifest's lock, so it judges exactly what is written, with the same lint as every other front end.
    static func check(_ manifest: PinManifest, writingTo url: URL, allowErrors: Bool) throws {
        let document = ManifestDocument(manifest: manifest, url: url, loadedFingerprint: nil)
        let findings = ManifestLinter(.gather(for: document)).lint(document, now: Date())
        let errors = findings.filter { $0.severity == .error }
        for finding in findings { Output.note(finding.formatted) }
        if !errors.isEmpty {
            let hosts = Set(errors.compactMap(\.host)).sorted().joined(separator: ", ")
            let risk =
                "an app shipping this manifest may lock its users out of \(hosts.isEmpty ? "its servers" : hosts)"
            guard allowErrors else {
                throw CLIFailure(
                    "refusing to write \(url.path): \(counted(errors.count, "lint error")); "
                        + "\(risk). Fix them, or re-run with --allow-lint-errors to write anyway.",
                    exitCode: .rejected
                )
            }
            Output.note("warning: writing despite lint errors (--allow-lint-errors): \(risk).")
        }
    }
}
