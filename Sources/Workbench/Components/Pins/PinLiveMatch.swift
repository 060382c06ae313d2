import PinningCore

/// Where a pin matches the domain's live chain: the question a curator asks of a stale pin or an offline backup.
public enum PinLiveMatch: Hashable, Sendable {
    /// The certificate at `level` (0 = leaf) has this pin's key or certificate hash.
    case level(Int, kind: String, verified: Bool)
    /// A chain was fetched and nothing in it has this pin's hash (a stale pin, or a backup key kept offline).
    case notInLiveChain
    /// No chain has been fetched for the domain, so it cannot be told.
    case noLiveChain

    /// Matches `pin` against `levels` (nil when no chain is known).
    public init(_ pin: Pin, levels: [ChainLevel]?) {
        guard let levels, !levels.isEmpty else {
            self = .noLiveChain
            return
        }
        let value = pin.value
        if let index = levels.firstIndex(where: { $0.details.pinValue(pin.type) == value }) {
            self = .level(index, kind: levels[index].kind(level: index), verified: levels[index].verified)
        } else {
            self = .notInLiveChain
        }
    }

    /// Short words for the list's right-hand column.
    public var tag: String {
        switch self {
        case .level(let level, _, let verified): return "level \(level)" + (verified ? "" : " off-path")
        case .notInLiveChain: return "! not live"
        case .noLiveChain: return "? no chain"
        }
    }

    /// The whole sentence for the details.
    public var sentence: String {
        switch self {
        case .level(let level, let kind, let verified):
            return "level \(level) (\(kind)) of the live chain"
                + (verified ? ", in the verified path" : ", not in the verified path (cannot match until it is)")
        case .notInLiveChain: return "not in the live chain (stale, or a backup kept offline)"
        case .noLiveChain: return "unknown: no live chain yet (r fetches it)"
        }
    }
}
