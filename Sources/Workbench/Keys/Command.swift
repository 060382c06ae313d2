/// Everything a key can ask the workbench to do. Keys map to commands through ``KeyMap``; update handles commands.
public enum Command: String, CaseIterable, Hashable, Sendable {
    case help
    case focusNext, focusPrevious, focusDomains, focusChain, focusCertificate, focusPins
    case moveUp, moveDown, moveTop, moveBottom, pageUp, pageDown
    case filter
    case refresh, refreshAll
    case pinKey, pinCertificate, toggleBackup, unpin
    case addDomain, deleteDomain
    case manifestDiff, write, undo, redo
    /// `e`: the selected domain's settings form. `n`: the selected pin's note (Pins pane).
    case editSettings, editNote
    /// In the settings form: change the selected field (toggle a choice, or start typing a value); apply the draft.
    case editField, applySettings
    case nextTheme
    case cancel, quit
    /// In a dialog: yes, go ahead. `force` goes ahead despite lint errors.
    case confirm, force
}
