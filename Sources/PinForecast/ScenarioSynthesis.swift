/// The paths the synthesised scenarios would produce, made from today's verified path (leaf first, anchor last).
/// Each keeps what the scenario keeps and replaces the rest with certificates and keys nobody has seen.
public enum ScenarioSynthesis {
    /// The path `scenario` would produce from `today`; nil for a real-chain scenario, or a path too short to have
    /// an issuer (a self-signed leaf).
    public static func path(_ scenario: Scenario, from today: PathPins) -> PathPins? {
        let levels = today.levels
        guard levels.count >= 2, let leaf = levels.first, let root = levels.last else { return nil }
        let between = levels.dropFirst().dropLast()
        let unseenBetween = Array(repeating: PathPins.Level.unseen, count: between.count)
        switch scenario {
        case .current, .planned:
            return nil
        case .renewalSameKey:
            return PathPins(levels: [leaf.reissued] + between + [root])
        case .renewalNewKey:
            return PathPins(levels: [.unseen] + between + [root])
        case .issuerRotation:
            // A leaf straight under the root has no intermediate to rotate: its issuer is the root itself. Only the
            // issuing intermediate is replaced by a sibling: the CA certificates above it stay, a cross-signed
            // root among them (as Let's Encrypt's R10 and R11 both chain through the same cross-sign).
            guard !between.isEmpty else { return nil }
            return PathPins(levels: [leaf.reissued, .unseen] + between.dropFirst() + [root])
        case .caSwitch:
            return PathPins(levels: [leaf.reissued] + unseenBetween + [.unseen])
        case .rootOnly:
            return PathPins(levels: [.unseen] + unseenBetween + [root])
        }
    }
}
