/// Where a key binding applies: everywhere, while one pane has the focus, or while one overlay is open.
///
/// Every overlay has a context of its own, so its keys (and the status bar under it) are its own: the help's
/// footer never shows the write gate's `y`. ``WorkbenchState/activeKeyContexts`` says which contexts are live;
/// dispatch and the status bar both ask it.
public enum KeyContext: String, CaseIterable, Hashable, Sendable {
    case global, domains, chain, certificate, pins
    /// The domain settings form (`e`).
    case settings
    /// The key help overlay.
    case help
    /// The manifest diff overlay.
    case diff
    /// The write gate: lint findings and the diff before writing.
    case writeGate
    /// A yes/no confirmation (delete a domain, and any other component's yes/no question).
    case dialog
    /// Quitting with unsaved changes.
    case quitGuard
    /// The message log overlay.
    case messageLog
    /// The copy dialog, the save/export chooser, its file name prompt, its overwrite question, the search prompt.
    case copyDialog, outputChooser, outputPath, overwriteConfirm, searchPrompt
    /// The backup-key form (`K`): its own keys, shown in the footer while it is open.
    case backupKeyForm
    /// The overlay shown when the manifest changed on disk under unsaved edits.
    case reload
    /// The offer of a recovery file's unsaved edits at the start.
    case recovery
    /// The Forecast view (`F`).
    case forecast
    /// The Transparency view (`T`).
    case transparency
    /// The Clients view (`C`).
    case clients
    /// The Reports view (`V`).
    case reports
    /// Scrolling, shared by every overlay that scrolls (listed after the overlay's own context).
    case scrolling

    public init(pane: PaneID) {
        switch pane {
        case .domains: self = .domains
        case .chain: self = .chain
        case .certificate: self = .certificate
        case .pins: self = .pins
        }
    }

    /// The heading of this context's section in the help overlay.
    public var title: String {
        switch self {
        case .global: return "Everywhere"
        case .domains: return "Domains pane"
        case .chain: return "Chain pane"
        case .certificate: return "Certificate pane"
        case .pins: return "Pins pane (every pin of the domain, live or not)"
        case .settings: return "Domain settings form (e)"
        case .help: return "This help"
        case .diff: return "Manifest diff (m)"
        case .writeGate: return "Write gate (w)"
        case .dialog: return "Confirmations (delete a domain)"
        case .quitGuard: return "Quit with unsaved changes"
        case .messageLog: return "Message log (L)"
        case .scrolling: return "In every overlay that scrolls"
        case .copyDialog: return "Copy dialog"
        case .outputChooser: return "Save PEM and export: choosing"
        case .outputPath: return "Save PEM and export: file name"
        case .overwriteConfirm: return "File exists: overwrite?"
        case .searchPrompt: return "Search prompt"
        case .backupKeyForm: return "Backup key form (K)"
        case .reload: return "Manifest changed on disk (with unsaved edits)"
        case .recovery: return "Unsaved edits found at the start (a recovery file)"
        case .forecast: return "Lockout forecast (F)"
        case .transparency: return "CT findings (T)"
        case .clients: return "Client verdicts (C)"
        case .reports: return "Field reports (V)"
        }
    }
}
