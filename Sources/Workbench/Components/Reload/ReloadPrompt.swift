import ManifestEditing
import ManifestLint
import PinningCore

/// The overlay shown when the manifest changed on disk while this session has unsaved edits: what changed on disk
/// (the semantic diff of the loaded manifest against the disk's), what this session changed, and the three ways on:
/// reload (dropping the edits), re-apply the edits on top of the disk's version, or keep editing.
public struct ReloadPrompt: Hashable, Sendable {
    /// What the root does after a command: nothing (`stay`: the prompt stays open, maybe scrolled), or the choice.
    public enum Action: Hashable, Sendable {
        case stay, reload, reapply, keepEditing
    }

    /// The manifest as it is on disk now.
    public let disk: ManifestDocument
    /// The lint facts read with it (nil: the backend sent none).
    public let lint: LintEnvironment?
    /// Loaded → disk: the other change.
    public let theirs: [ManifestDiffLine]
    /// Loaded → edited, in one line: this session's change.
    public let mine: String
    public var scroll = 0

    public init(disk: ManifestDocument, lint: LintEnvironment? = nil, loaded: PinManifest, edited: PinManifest) {
        self.disk = disk
        self.lint = lint
        theirs = ManifestDiff(from: loaded, to: disk.manifest).lines()
        mine = ManifestDiff(from: loaded, to: edited).summary
    }

    /// The choice for `command`, or `stay` when the key only scrolls (or means nothing here).
    public mutating func update(_ command: Command?, page: Int) -> Action {
        switch command {
        case .reloadFromDisk: return .reload
        case .reapplyEdits: return .reapply
        case .keepEditing, .cancel, .quit: return .keepEditing
        case let command?: scroll = min(OverlayScroll.scrolled(scroll, by: command, page: page), theirs.count)
        case nil: break
        }
        return .stay
    }

    public static func == (a: ReloadPrompt, b: ReloadPrompt) -> Bool {
        a.disk.loadedFingerprint == b.disk.loadedFingerprint && a.theirs == b.theirs && a.mine == b.mine
            && a.scroll == b.scroll
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(disk.loadedFingerprint)
        hasher.combine(theirs)
        hasher.combine(scroll)
    }
}
