import Foundation
import ManifestLint
import PinningCore

/// The manifest being edited and its history: the document with what was loaded from disk, the manifest as last
/// loaded or saved (the base of the diff and of change detection), undo and redo, a newer version waiting on disk,
/// and the facts the linter needs from the disk, gathered when the manifest was loaded (so linting never reads).
public struct EditedDocument: Sendable {
    /// The manifest being edited, with what was loaded from disk.
    public var document: ManifestDocument
    /// The manifest as last loaded or saved, in canonical order: unsaved means `document.manifest` differs from it.
    public private(set) var savedManifest: PinManifest
    public private(set) var isDirty = false
    /// Bumped by every manifest edit; verdicts computed for older generations are ignored.
    public private(set) var generation = 0
    /// Undo and redo of manifest edits (`z`, `Z`).
    public var history = EditHistory(limit: EditedDocument.undoLimit)
    /// The manifest as changed on disk since it was loaded, while it is not taken in (the user kept editing): the
    /// write refuses until it is, and a refused write offers it again.
    public private(set) var diskVersion: ManifestDocument?
    /// The lint facts read with ``diskVersion`` (nil when the backend sent none: the current ones stay).
    public private(set) var diskVersionLint: LintEnvironment?
    /// Quit once the pending write succeeds (the quit guard's "write first").
    public var quitAfterSave = false
    /// What lint needs from the disk for this document (unreadable trust anchors, the Public Suffix List).
    public private(set) var lintEnvironment: LintEnvironment

    /// Undo history is capped so a long session cannot grow without bound.
    public static let undoLimit = 200

    init(document: ManifestDocument, lintEnvironment: LintEnvironment) {
        var document = document
        document.manifest = document.manifest.canonicallyOrdered
        self.document = document
        self.savedManifest = document.manifest
        self.lintEnvironment = lintEnvironment
    }

    public var manifest: PinManifest { document.manifest }

    /// Sets the manifest (canonically ordered) without touching the undo history: undo itself, loading.
    mutating func replace(_ manifest: PinManifest) {
        document.manifest = manifest.canonicallyOrdered
        generation += 1
        isDirty = document.manifest != savedManifest
    }

    /// Marks the document as saved (after a successful write).
    mutating func markSaved(_ saved: ManifestDocument) {
        let edited = document.manifest
        document = saved
        document.manifest = edited
        savedManifest = saved.manifest.canonicallyOrdered
        isDirty = document.manifest != savedManifest
    }

    /// Holds `disk` (nil: none) as the version on disk not taken in yet.
    mutating func hold(_ disk: ManifestDocument?, lint: LintEnvironment?) {
        diskVersion = disk
        diskVersionLint = disk == nil ? nil : lint.map(keepingClients)
    }

    /// Takes in `disk` as the loaded version with the lint facts read with it; undo history is of the old version,
    /// so it goes. The caller then sets the manifest being edited on top of it (``replace(_:)``).
    mutating func adopt(_ disk: ManifestDocument, lintEnvironment: LintEnvironment?) {
        document = disk
        savedManifest = disk.manifest.canonicallyOrdered
        diskVersion = nil
        diskVersionLint = nil
        history = EditHistory(limit: Self.undoLimit)
        if let lintEnvironment { self.lintEnvironment = keepingClients(lintEnvironment) }
    }

    /// `environment` with this session's clients: they come from the command line, not from the disk, so facts
    /// gathered again on a reload keep them.
    private func keepingClients(_ environment: LintEnvironment) -> LintEnvironment {
        var environment = environment
        environment.clients = lintEnvironment.clients
        return environment
    }

    /// The one lint, as the CLI's: `manifest` as a version of this document (its trustAnchors as the facts found
    /// them), with each live chain and the path the validator verified for it; errors first.
    func lint(_ manifest: PinManifest, now: Date, served: [String: ServedChain]) -> [LintFinding] {
        var version = document
        version.manifest = manifest
        return ManifestLinter(lintEnvironment).lint(version, now: now, served: served)
            .sorted { $0.severity > $1.severity }
    }
}
