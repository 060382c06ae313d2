/// Where a key binding applies: everywhere, while one pane has the focus, in the settings form, or in a dialog
/// (write gate, confirmations).
public enum KeyContext: String, CaseIterable, Hashable, Sendable {
    case global, domains, chain, certificate, pins, settings, dialog

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
        case .dialog: return "Dialogs (write, delete, quit)"
        }
    }
}
