import PinningCore

/// What the servers answered: the fetched chain, fetch status and verdict of each domain, by normalized host.
public struct LiveResults: Sendable {
    /// Live results by normalized host.
    public var live: [String: DomainLive] = [:]
    public var pendingFetches = 0

    mutating func markFetching(_ host: String) {
        var entry = live[host] ?? DomainLive()
        if entry.fetch != .fetching {
            entry.fetch = .fetching
            pendingFetches += 1
        }
        live[host] = entry
    }

    /// Records a fetch's outcome; true when a chain arrived (it needs a verdict).
    mutating func complete(_ host: String, _ result: Result<FetchedChain, FetchFailure>) -> Bool {
        var entry = live[host] ?? DomainLive()
        if entry.fetch == .fetching { pendingFetches = max(0, pendingFetches - 1) }
        defer { live[host] = entry }
        switch result {
        case .success(let chain):
            entry.fetch = .fetched(chain)
            entry.chain = chain
            return true
        case .failure(let failure):
            entry.fetch = .failed(failure)
            entry.chain = nil
            entry.verdict = nil
            return false
        }
    }

    /// Keeps `verdict` unless a verdict of a newer manifest generation is already there.
    mutating func record(_ verdict: VerdictSummary, host: String, generation: Int) {
        var entry = live[host] ?? DomainLive()
        guard generation >= entry.verdictGeneration else { return }
        entry.verdict = verdict
        entry.verdictGeneration = generation
        live[host] = entry
    }

    /// The live chains of `manifest`'s domains as the validator judged them, by normalized host: lint's view of
    /// what servers serve.
    func servedChains(for manifest: PinManifest) -> [String: ServedChain] {
        var served: [String: ServedChain] = [:]
        for domain in manifest.domains {
            if let chain = live[domain.normalizedHost]?.servedChain { served[domain.normalizedHost] = chain }
        }
        return served
    }
}
