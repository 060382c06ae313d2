/// The copy dialog: the values of the selected certificate (SPKI pin, certificate pin, SHA-256 fingerprint) or
/// pin, each shown whole so it can be copied by hand when the terminal ignores OSC 52; the chosen one goes to the
/// clipboard.
public struct CopyDialog: Hashable, Sendable {
    public struct Value: Hashable, Sendable {
        public var name: String
        public var text: String

        public init(_ name: String, _ text: String) {
            self.name = name
            self.text = text
        }
    }

    /// What the values belong to, e.g. "good.pinbench.test level 0 (leaf)".
    public var subject: String
    public var values: [Value]
    public var selected: Int
    /// The value last sent to the clipboard, if any.
    public var copied: Int?

    public init(subject: String, values: [Value], selected: Int = 0) {
        self.subject = subject
        self.values = values
        self.selected = min(max(0, selected), max(0, values.count - 1))
    }

    public enum Action: Hashable, Sendable {
        case stay
        case close
        /// Send this text to the clipboard.
        case copy(String)
    }

    /// The dialog's keys, resolved through the key table's copy-dialog context.
    public mutating func update(_ command: Command?) -> Action {
        switch command {
        case .moveUp: selected = max(0, selected - 1)
        case .moveDown: selected = min(values.count - 1, selected + 1)
        case .moveTop: selected = 0
        case .moveBottom: selected = max(0, values.count - 1)
        case .copy, .confirm:
            guard values.indices.contains(selected) else { return .stay }
            copied = selected
            return .copy(values[selected].text)
        case .cancel, .quit: return .close
        default: break
        }
        return .stay
    }
}
