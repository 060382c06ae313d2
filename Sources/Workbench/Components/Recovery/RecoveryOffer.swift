import ManifestLint
import PinningCore

/// The question at the start when a recovery file holds unsaved edits that differ from the manifest on disk: what
/// they change (the semantic diff of the manifest on disk against the recovered one, and its count), and the three
/// ways on: recover them as unsaved edits, discard the file, or keep it for a later start.
public struct RecoveryOffer: Hashable, Sendable {
    /// What the root does after a command: nothing (`stay`: the offer stays open, maybe scrolled), or the choice.
    public enum Action: Hashable, Sendable {
        case stay, recover, discard, keepForLater
    }

    /// The recovery file's path.
    public let path: String
    /// The manifest the recovery file keeps.
    public let recovered: PinManifest
    /// Manifest on disk → recovered, line by line, and in one line with its counts.
    public let changes: [ManifestDiffLine]
    public let summary: String
    public var scroll = 0

    public init(path: String, recovered: PinManifest, onDisk: PinManifest) {
        self.path = path
        self.recovered = recovered
        let diff = ManifestDiff(from: onDisk, to: recovered)
        changes = diff.lines()
        summary = diff.summary
    }

    /// The choice for `command`, or `stay` when the key only scrolls (or means nothing here). Esc and `q` keep the
    /// file: a key pressed in haste never loses the edits it holds.
    public mutating func update(_ command: Command?, page: Int) -> Action {
        switch command {
        case .recoverEdits: return .recover
        case .discardRecovery: return .discard
        case .keepRecovery, .cancel, .quit: return .keepForLater
        case let command?: scroll = min(OverlayScroll.scrolled(scroll, by: command, page: page), changes.count)
        case nil: break
        }
        return .stay
    }
}
