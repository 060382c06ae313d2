/// Everything a key can ask the workbench to do. Keys map to commands through ``KeyMap``; update handles commands.
public enum Command: String, CaseIterable, Hashable, Sendable {
    case help
    case focusNext, focusPrevious, focusDomains, focusChain, focusCertificate, focusPins
    case moveUp, moveDown, moveTop, moveBottom, pageUp, pageDown
    case filter
    case refresh, refreshAll
    case pinKey, pinCertificate, toggleBackup, unpin
    case addDomain, deleteDomain
    /// Generate a backup key and CSR for the selected domain and pin it as a backup (the `K` form).
    case backupKey
    case manifestDiff, write, undo, redo
    /// `e`: the selected domain's settings form. `n`: the selected pin's note (Pins pane).
    case editSettings, editNote
    /// In the settings form: change the selected field (toggle a choice, or start typing a value); apply the draft.
    case editField, applySettings
    case nextTheme
    /// Open the message log (every status message of the session, with its time and level).
    case messageLog
    /// Stop the program for the shell's job control (Ctrl-Z); `fg` brings it back with the screen redrawn.
    case suspend
    case cancel, quit
    /// In the changed-on-disk overlay: take the disk's version, re-apply my edits onto it, or keep editing.
    case reloadFromDisk, reapplyEdits, keepEditing
    /// In the recovery offer at the start: take the recovery file's edits, remove the file, or keep it for later.
    case recoverEdits, discardRecovery, keepRecovery
    /// In a dialog: yes, go ahead. `force` goes ahead despite lint errors.
    case confirm, force
    /// In the write gate: show or fold the lint findings that were in the manifest before the change.
    case toggleFold
    /// Copy a pin or fingerprint (OSC 52 to the terminal's clipboard, and shown whole in a dialog).
    case copy
    /// Save the selected certificate or the chain as PEM.
    case savePEM
    /// Write the edited manifest in one of the export formats.
    case exportManifest
    /// Search the Certificate pane; next and previous match.
    case search, nextMatch, previousMatch
    /// Close the overlay (help, diff, message log).
    case close
    /// The lockout forecast of the selected domain; in it, the next and previous domain.
    case forecast, nextDomain, previousDomain
    /// The CT findings of the selected domain (the Transparency view).
    case transparency
    /// Every client's verdict on the selected domain's chain (the Clients view).
    case clients
    /// The field reports of the selected domain (the Reports view); in it, show a report's chain in the panes, or the
    /// live chain again.
    case reports, showReportChain, liveChain
}
