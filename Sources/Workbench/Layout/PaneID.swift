/// The panes of the workbench, numbered as the `1`-`4` keys select them. Certificate and Pins share the right-hand
/// column in three-pane mode (the one focused last is shown).
public enum PaneID: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case domains = 1
    case chain = 2
    case certificate = 3
    case pins = 4

    public var title: String {
        switch self {
        case .domains: return "Domains"
        case .chain: return "Chain"
        case .certificate: return "Certificate"
        case .pins: return "Pins"
        }
    }

    public var description: String { title }

    /// The pane after this one in Tab order (wrapping).
    public var next: PaneID { PaneID(rawValue: rawValue % Self.allCases.count + 1)! }

    /// The pane before this one in Tab order (wrapping).
    public var previous: PaneID {
        PaneID(rawValue: (rawValue + Self.allCases.count - 2) % Self.allCases.count + 1)!
    }
}
