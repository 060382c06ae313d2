import PinningCore

extension WorkbenchUpdate {
    /// Marks `domains` as fetching and asks the backend to fetch them.
    mutating func fetch(_ domains: [DomainPolicy]) -> [Effect] {
        guard !domains.isEmpty else { return [] }
        for domain in domains { markFetching(domain.normalizedHost) }
        return [.fetch(domains.map(FetchRequest.init))]
    }

    mutating func completeFetch(_ host: String, _ result: Result<FetchedChain, FetchFailure>) -> [Effect] {
        recordFetch(host, result) ? revalidate(host) : []
    }
}

extension WorkbenchState {
    /// The live chains as the validator judged them, by normalized host: lint's view of what servers serve.
    var servedChains: [String: ServedChain] {
        results.servedChains(for: manifest)
    }

    /// Asks for a fresh verdict on `host`'s last chain under the current manifest.
    func revalidate(_ host: String) -> [Effect] {
        guard let chain = results.live[host]?.chain else { return [] }
        return [
            .validate(
                host: host, chain: chain.certificates, manifest: manifest,
                revocation: chain.connection?.revocationEvidence, generation: editing.generation)
        ]
    }
}
