/// A chain the CA serves above its intermediates: the certificates sent after the intermediate, for every
/// intermediate issued under one root key (Let's Encrypt's "YEn ← Root YE ← ISRG Root X2 ← ISRG Root X1").
public struct OfferedChain: Sendable, Hashable {
    public let label: String
    /// The file of the root whose key issues the intermediates the chain is for.
    public let under: String
    /// The chain the CA serves when the subscriber does not ask for another.
    public let isDefault: Bool
    /// The files of the certificates sent after the intermediate, in order (empty: the chain ends at the
    /// intermediate, for clients that hold `under` itself).
    public let served: [String]
}
