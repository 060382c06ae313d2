/// The chains the `rotating` scenario can serve, switched while the lab runs: what happens to a server's certificate
/// in the months after an app shipped its pins. Each is named after the forecast scenario it realises, so
/// `pinbench forecast` and the lab speak of the same thing.
public enum LabRotation: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Today's chain: the leaf under the lab's Issuing CA 1.
    case today
    /// The leaf renewed with a new key by the same intermediate (what ACME clients do by default).
    case renewalNewKey = "renewal-new-key"
    /// Today's leaf key certified by a sibling intermediate of the same root (Issuing CA 2), whose key no demo
    /// release pins.
    case issuerRotation = "issuer-rotation"

    /// The state after this one, in the order SIGUSR1 steps through them (back to `today` after the last).
    public var next: LabRotation { Self.allCases[(index + 1) % Self.allCases.count] }

    /// Its position in ``allCases``: where a running lab keeps its chain.
    var index: Int { Self.allCases.firstIndex(of: self)! }

    /// What the rotating host serves in this state, in words.
    public var explanation: String {
        switch self {
        case .today: return "today's chain (leaf under PinBench Lab Issuing CA 1)"
        case .renewalNewKey: return "a renewal with a new leaf key, same intermediate"
        case .issuerRotation: return "today's leaf key under a sibling intermediate (PinBench Lab Issuing CA 2)"
        }
    }

    public var description: String { rawValue }
}
