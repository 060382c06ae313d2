/// Everything a key can ask the workbench to do. Keys map to commands through ``KeyMap``; update handles commands.
public enum Command: String, CaseIterable, Hashable, Sendable {
    case help
    case focusNext, focusPrevious, focusDomains, focusChain, focusCertificate
    case moveUp, moveDown, moveTop, moveBottom, pageUp, pageDown
    case filter
    case refresh, refreshAll
    case pinKey, pinCertificate, toggleBackup, unpin
    case addDomain, deleteDomain
    case manifestDiff, write, undo
    case nextTheme
    case cancel, quit
    /// In the changed-on-disk overlay: take the disk's version, re-apply my edits onto it, or keep editing.
    case reloadFromDisk, reapplyEdits, keepEditing
    /// In a dialog: yes, go ahead. `force` goes ahead despite lint errors.
    case confirm, force
}
