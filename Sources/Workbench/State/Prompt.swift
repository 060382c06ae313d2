import ManifestLint
import PinningCore

/// A one-line text prompt in the status bar: typing edits it, Enter submits, Esc cancels.
public struct Prompt: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Filters the Domains pane as you type.
        case filter
        /// `host`, `host:port` or `[IPv6]:port` of a domain to add.
        case addDomain
        /// The note of `host`'s pin `value` (Pins pane, `n`); empty removes it.
        case pinNote(host: String, value: String)
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
        case .pinNote(_, let value): return "Note for pin \(String(value.prefix(8)).terminalSafe)…: "
        case .search: return "Search: "
        }
    }

    /// The longest text the prompt takes: a note as long as lint allows, a line for anything else.
    public var maximumLength: Int {
        if case .pinNote = kind { return ManifestLinter.maximumNoteLength }
        return 1_000
    }
}
