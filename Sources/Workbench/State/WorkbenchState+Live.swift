import PinningCore

extension WorkbenchState {
    /// Marks every domain as fetching and returns the effect that fetches them (what `R` does; used at start).
    public mutating func fetchAll() -> [Effect] {
        fetch(manifest.domains)
    }

    /// Marks `domains` as fetching and asks the backend to fetch them.
    mutating func fetch(_ domains: [DomainPolicy]) -> [Effect] {
        guard !domains.isEmpty else { return [] }
        for domain in domains { markFetching(domain.normalizedHost) }
        return [.fetch(domains.map(FetchRequest.init))]
    }

    mutating func markFetching(_ host: String) {
        var entry = live[host] ?? DomainLive()
        if entry.fetch != .fetching {
            entry.fetch = .fetching
            pendingFetches += 1
        }
        live[host] = entry
    }

    mutating func completeFetch(_ host: String, _ result: Result<FetchedChain, FetchFailure>) -> [Effect] {
        var entry = live[host] ?? DomainLive()
        if entry.fetch == .fetching { pendingFetches = max(0, pendingFetches - 1) }
        switch result {
        case .success(let chain):
            entry.fetch = .fetched(chain)
            entry.chain = chain
            live[host] = entry
            return revalidate(host)
        case .failure(let failure):
            entry.fetch = .failed(failure)
            entry.chain = nil
            entry.verdict = nil
            live[host] = entry
            return []
        }
    }

    /// Asks for a fresh verdict on `host`'s last chain under the current manifest.
    func revalidate(_ host: String) -> [Effect] {
        guard let chain = live[host]?.chain else { return [] }
        return [
            .validate(
                host: host, chain: chain.certificates, manifest: manifest,
                revocation: chain.connection?.revocationEvidence, generation: generation)
        ]
    }
}
