/// A chain a pinned domain may present in the coming months.
public enum Scenario: String, Hashable, Sendable, CaseIterable, Codable {
    /// What the server serves today.
    case current
    /// A chain the team intends to deploy.
    case planned
    /// Today's leaf re-issued by the same issuer with the same key.
    case renewalSameKey = "renewal-same-key"
    /// Today's leaf re-issued by the same issuer with a new key (what ACME clients do by default).
    case renewalNewKey = "renewal-new-key"
    /// Today's leaf key certified by a sibling intermediate of the same CA, under the same root: one whose
    /// certificate and key no release has seen.
    case issuerRotation = "issuer-rotation"
    /// Today's leaf key certified by an unrelated public CA: every certificate above the leaf is new.
    case caSwitch = "ca-switch"
    /// A new leaf key under a new intermediate: only today's root stays.
    case rootOnly = "root-only"

    /// The scenarios made from today's verified path rather than judged on a real chain.
    public static let synthesised: [Scenario] = [
        .renewalSameKey, .renewalNewKey, .issuerRotation, .caSwitch, .rootOnly,
    ]

    /// Whether the scenario is a real chain, judged by the whole validator (trust included).
    public var isRealChain: Bool { self == .current || self == .planned }
}
