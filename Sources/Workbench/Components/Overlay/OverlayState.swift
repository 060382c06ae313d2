import PinningCore

/// The dialog or panel drawn over the panes; at most one at a time, and it takes the keys while open.
public enum OverlayState: Hashable, Sendable {
    /// The key help.
    case help(HelpPanel)
    /// The semantic diff of the manifest as loaded against the edited one, with its lockout risk.
    case diff(DiffPanel)
    /// Before writing: the lint findings and the diff; errors need `!` to write anyway.
    case writeGate(WriteGate)
    /// Delete a domain and its pins?
    case confirmDelete(DeleteConfirmation)
    /// Quit with unsaved changes?
    case quitGuard(QuitGuard)
    /// A pin or fingerprint shown whole, and sent to the clipboard.
    case copy(CopyDialog)
    /// Save PEM or export: pick what, name the file, confirm an overwrite.
    case fileOutput(FileOutputDialog)
    /// Every status message of the session (`L`).
    case messageLog(MessageLogViewer)
    /// `K`: algorithm and folder for a new backup key of a domain.
    case backupKeyForm(BackupKeyForm)
    /// The selected domain's settings form (`e`).
    case settings(SettingsForm)
    /// The manifest changed on disk under unsaved edits: reload, re-apply, or keep editing.
    case reload(ReloadPrompt)
    /// At the start: unsaved edits of a session that ended without saving: recover, discard, or keep for later.
    case recovery(RecoveryOffer)
    /// The lockout forecast of the selected domain (`F`).
    case forecast(ForecastPanel)
    /// The CT findings of the selected domain (`T`).
    case transparency(TransparencyPanel)
    /// Every client's verdict on the selected domain's chain (`C`).
    case clients(ClientsPanel)
    /// The field reports of the selected domain (`V`).
    case reports(ReportsPanel)

    /// The key contexts live while this overlay is open: dispatch and the status bar both use them, so the footer
    /// under an overlay shows that overlay's keys. A new overlay adds its line here.
    public var keyContexts: [KeyContext] {
        switch self {
        case .help: return [.help, .scrolling]
        case .diff: return [.diff, .scrolling]
        case .writeGate: return [.writeGate, .scrolling]
        case .confirmDelete: return [.dialog]
        case .quitGuard: return [.quitGuard]
        case .messageLog: return [.messageLog, .scrolling]
        case .copy: return [.copyDialog]
        case .fileOutput(let dialog): return dialog.keyContexts.filter { $0 != .global }
        case .backupKeyForm: return [.backupKeyForm]
        case .settings: return [.settings]
        case .reload: return [.reload, .scrolling]
        case .recovery: return [.recovery, .scrolling]
        case .forecast: return [.forecast, .scrolling]
        case .transparency: return [.transparency, .scrolling]
        case .clients: return [.clients, .scrolling]
        case .reports: return [.reports, .scrolling]
        }
    }
}
