/// A one-line text prompt in the status bar: typing edits it, Enter submits, Esc cancels.
public struct Prompt: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Filters the Domains pane as you type.
        case filter
        /// `host`, `host:port` or `[IPv6]:port` of a domain to add.
        case addDomain
        /// Searches the Certificate pane (``CertificateSearch``).
        case search
    }

    public var kind: Kind
    public var text: String

    public init(kind: Kind, text: String = "") {
        self.kind = kind
        self.text = text
    }

    /// The label before the text.
    public var label: String {
        switch kind {
        case .filter: return "Filter: "
        case .addDomain: return "Add domain (host or host:port): "
        case .search: return "Search: "
        }
    }
}
