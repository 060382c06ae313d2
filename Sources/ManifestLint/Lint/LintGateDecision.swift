import Foundation
import PinningCore

/// What the lint gate in front of every write decides about a manifest about to be written: lint errors block the
/// write unless the user overrides, and then the user is told what it risks. Made under the manifest's lock, so it
/// judges exactly what is written, with the same lint as every other front end.
public struct LintGateDecision: Sendable {
    /// Every finding, to show whatever the decision.
    public let findings: [LintFinding]
    private let url: URL
    private let allowErrors: Bool

    public init(_ manifest: PinManifest, writingTo url: URL, allowErrors: Bool, now: Date = Date()) {
        let document = ManifestDocument(manifest: manifest, url: url, loadedFingerprint: nil)
        findings = ManifestLinter(.gather(for: document)).lint(document, now: now)
        self.url = url
        self.allowErrors = allowErrors
    }

    public var errors: [LintFinding] { findings.filter { $0.severity == .error } }

    /// Why the write is refused (lint errors and no override); nil when it may go ahead.
    public var refusal: String? {
        guard let risk, !allowErrors else { return nil }
        return "refusing to write \(url.path): \(counted(errors.count, "lint error")); "
            + "\(risk). Fix them, or re-run with --allow-lint-errors to write anyway."
    }

    /// The warning for a write that goes ahead despite lint errors; nil when there are none or the write is refused.
    public var overrideWarning: String? {
        guard let risk, allowErrors else { return nil }
        return "warning: writing despite lint errors (--allow-lint-errors): \(risk)."
    }

    /// What an app shipping the manifest risks; nil when lint finds no error.
    private var risk: String? {
        let errors = errors
        guard !errors.isEmpty else { return nil }
        let hosts = Set(errors.compactMap(\.host)).sorted().joined(separator: ", ")
        return "an app shipping this manifest may lock its users out of \(hosts.isEmpty ? "its servers" : hosts)"
    }
}
