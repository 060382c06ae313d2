/// Where a key binding applies: everywhere, while one pane has the focus, or in a dialog (write gate, confirmations).
public enum KeyContext: String, CaseIterable, Hashable, Sendable {
    case global, domains, chain, certificate, dialog
    /// The overlay shown when the manifest changed on disk under unsaved edits.
    case reload

    public init(pane: PaneID) {
        switch pane {
        case .domains: self = .domains
        case .chain: self = .chain
        case .certificate: self = .certificate
        }
    }

    /// The heading of this context's section in the help overlay.
    public var title: String {
        switch self {
        case .global: return "Everywhere"
        case .domains: return "Domains pane"
        case .chain: return "Chain pane"
        case .certificate: return "Certificate pane"
        case .dialog: return "Dialogs (write, delete, quit)"
        case .reload: return "Manifest changed on disk (with unsaved edits)"
        }
    }
}
