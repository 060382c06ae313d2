import Foundation
import ManifestEditing
import PinExport
import PinningCore

/// What the workbench tells the user after a command or a background result, as a typed value. The update returns
/// these (``WorkbenchUpdate/say(_:)`` is the one place that shows one); their words and levels are decided in one
/// file, `Notice+Words.swift`, so nothing decides on message text and every wording is found in one place.
public enum Notice: Sendable {
    // Selection and chain levels
    case noDomainSelected
    case noChainYet(host: String)
    case noDomainFor(DomainView)
    case theme(String)

    // Manifest edits (the words of ``ManifestEditor``'s outcome, and what the workbench adds to them)
    case edited(ManifestEditor.Outcome)
    /// `p` / `P`; `offPathLevel` is the level pinned when it is not in the verified path (the pin cannot match yet).
    case pinned(ManifestEditor.Outcome, offPathLevel: Int?)
    /// `b` / `u` at a chain level: which pin type it touched, and whether the level's other pin was left alone.
    case levelPinEdited(ManifestEditor.Outcome, type: PinType, level: Int, otherPinUnchanged: Bool)
    case nothingToToggle(level: Int)
    case nothingToUnpin(level: Int)
    case domainRefused(HostNameError)
    case noteRefused(problem: String)
    /// The Pins pane's own explanation of a command it cannot carry out.
    case pinsPaneHint(String)
    case nothingToUndo
    case nothingToRedo
    case undid(String)
    case redid(String)
    case settingsUnchanged(host: String)

    // Writing the manifest: the status bar after `w`
    case noChanges
    case writeCancelled
    case lintRefused(errors: Int)
    case writing(path: String)
    case saved(path: String)
    case saveFailed(ManifestError)

    // The manifest changed on disk
    case diskUnusable(file: String, ManifestError)
    case reloaded(file: String, summary: String, droppedEdits: Bool)
    case reapplied(file: String)
    case reappliedExcept(file: String, conflicts: [String])
    case keptEdits(file: String)

    // Recovery files
    case recoveryUnusable(path: String, reason: String)
    case recoveryRedundant(path: String)
    case recovered(path: String, summary: String)
    case recoveryDiscarded(path: String)
    case recoveryKept(path: String)
    /// This session's recovery file could not be written or removed.
    case recoveryFileProblem(String)

    // Backup keys
    case backupKeyStillGenerating
    case backupKeyHostRefused(String)
    case backupKeyFailed(BackupKeyError)
    case backupKeyPinned(ManifestEditor.Outcome, keyFile: URL)

    // Files and the clipboard
    case nothingToSavePEM
    case pemSaved(certificates: Int, path: String)
    case exported(ExportFormat, path: String, unsavedIncluded: Bool, warnings: [String])
    case exportRefused(ExportFormat, first: String, more: Int)
    case fileWritten(path: String)
    case fileNotWritten(OutputFileError)
    case nothingToCopyFromPins
    case nothingToCopy
    case clipboardTooLong

    // Search
    case noSearch
    case noMatch(query: String)
    case match(index: Int, of: Int, query: String)

    // Time and background work
    case ctRoundSkipped(reason: String)
    case backgroundFailed(what: String, error: String)
    case noJobControl

    // Field reports
    case reportChainShown(id: Int64)
    case reportHasNoChain(id: Int64)
    case liveChainShown
    /// A pin edit while a report's chain is shown: refused, the chain is the sender's.
    case reportChainNotPinnable

    /// The views of the selected domain that need one to open.
    public enum DomainView: Sendable {
        case forecast, transparency, clients, reports
    }
}
