import ConnectionAudit
import PinningCore

/// Where a domain's live check stands.
public enum FetchStatus: Hashable, Sendable {
    case idle
    case fetching
    case fetched(FetchedChain)
    case failed(FetchFailure)
}

/// The live state of one domain: its last fetch and the verdict on it under the manifest being edited.
public struct DomainLive: Hashable, Sendable {
    public var fetch: FetchStatus
    public var verdict: VerdictSummary?
    /// The manifest generation the verdict was computed for; older answers are dropped.
    public var verdictGeneration: Int

    public init(fetch: FetchStatus = .idle, verdict: VerdictSummary? = nil, verdictGeneration: Int = -1) {
        self.fetch = fetch
        self.verdict = verdict
        self.verdictGeneration = verdictGeneration
    }

    /// The last fetched chain, kept while a refresh runs.
    public var chain: FetchedChain?

    /// The levels the Chain pane lists: the verdict's (verified path first) when there is one, else the sent chain.
    public var levels: [ChainLevel] {
        if let verdict, !verdict.levels.isEmpty { return verdict.levels }
        guard let chain else { return [] }
        return chain.details.map { ChainLevel(details: $0, sent: true, verified: false) }
    }

    /// The live chain as the validator judged it, for lint: the certificates as sent, and the verified path when the
    /// verdict found one. Nil until a chain has been fetched.
    public var servedChain: ServedChain? {
        guard let chain else { return nil }
        let path = (verdict?.levels ?? []).filter(\.verified).map(\.details)
        return ServedChain(presented: chain.details, verifiedPath: path.isEmpty ? nil : path)
    }

    /// Marker and role for the Domains pane: the verdict's, except that a chain accepted over a connection App
    /// Transport Security refuses is a warning (`!`): an iOS app would not connect, whatever the pins say.
    public var marker: (symbol: String, role: StyleRole) {
        switch fetch {
        case .fetching: return (Marker.pending.symbol, .verdictPending)
        case .failed: return (Marker.failed.symbol, .error)
        case .idle where verdict == nil: return (Marker.idle.symbol, .dim)
        default:
            guard let verdict else { return (Marker.idle.symbol, .dim) }
            if verdict.outcome == .accepted, failsATS { return (Marker.warning.symbol, .verdictWarning) }
            return verdict.marker
        }
    }

    /// True when the last live handshake fails App Transport Security (a chain read from a file has no handshake).
    public var failsATS: Bool {
        chain?.connection.map { !$0.ats.passes } ?? false
    }
}
