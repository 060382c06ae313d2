/// The three panes of the workbench, numbered as the `1`-`3` keys select them.
public enum PaneID: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case domains = 1
    case chain = 2
    case certificate = 3

    public var title: String {
        switch self {
        case .domains: return "Domains"
        case .chain: return "Chain"
        case .certificate: return "Certificate"
        }
    }

    public var description: String { title }

    /// The pane after this one in Tab order (wrapping).
    public var next: PaneID { PaneID(rawValue: rawValue % 3 + 1)! }

    /// The pane before this one in Tab order (wrapping).
    public var previous: PaneID { PaneID(rawValue: (rawValue + 1) % 3 + 1)! }
}
