import PinningCore

/// One domain's probe: its place in the list given to ``ChainProber/probeDomains(_:options:concurrency:)``, the domain,
/// and what came of dialling it.
public struct DomainProbeOutcome: Sendable {
    public let index: Int
    public let domain: DomainPolicy
    public let result: Result<ProbeResult, ProbeFailure>

    public init(index: Int, domain: DomainPolicy, result: Result<ProbeResult, ProbeFailure>) {
        self.index = index
        self.domain = domain
        self.result = result
    }
}

extension ChainProber {
    /// Probes a manifest's domains, each dialled as it says (port, `connect` address), at most `concurrency` at
    /// once: the one loop behind `check`, `export`, `diff --live` and `forecast --live`.
    ///
    /// Every domain gets exactly one outcome: a domain that cannot be dialled (a port out of range, a `connect` that
    /// is not HOST:PORT) gets its `invalidTarget` failure first, before any probe; the others follow as they finish.
    /// Leaving the loop early stops the probes still running, as with ``probeAll(_:options:concurrency:)``.
    public func probeDomains(
        _ domains: [DomainPolicy], options: ProbeOptions = ProbeOptions(), concurrency: Int = 32
    ) -> DomainProbeBatch {
        var refused: [DomainProbeOutcome] = []
        var targets: [ProbeTarget] = []
        var indices: [Int] = []
        for (index, domain) in domains.enumerated() {
            do {
                targets.append(try ProbeTarget(domain))
                indices.append(index)
            } catch {
                refused.append(DomainProbeOutcome(index: index, domain: domain, result: .failure(error)))
            }
        }
        return DomainProbeBatch(
            refused: refused, batch: probeAll(targets, options: options, concurrency: concurrency),
            indices: indices, domains: domains)
    }
}

/// The outcomes of ``ChainProber/probeDomains(_:options:concurrency:)``: the domains that could not be dialled, then the
/// others in completion order. Iterate it once.
public struct DomainProbeBatch: AsyncSequence, Sendable {
    public typealias Element = DomainProbeOutcome

    private let refused: [DomainProbeOutcome]
    private let batch: ProbeBatch
    /// For each target of the batch, its domain's index in `domains`.
    private let indices: [Int]
    private let domains: [DomainPolicy]

    init(refused: [DomainProbeOutcome], batch: ProbeBatch, indices: [Int], domains: [DomainPolicy]) {
        self.refused = refused
        self.batch = batch
        self.indices = indices
        self.domains = domains
    }

    /// Stops the probes still running or waiting; the sequence then ends after the refused domains.
    public func cancel() { batch.cancel() }

    public func makeAsyncIterator() -> Iterator {
        Iterator(refused: refused.makeIterator(), base: batch.makeAsyncIterator(), indices: indices, domains: domains)
    }

    public struct Iterator: AsyncIteratorProtocol {
        private var refused: IndexingIterator<[DomainProbeOutcome]>
        private var base: ProbeBatch.Iterator
        private let indices: [Int]
        private let domains: [DomainPolicy]

        init(
            refused: IndexingIterator<[DomainProbeOutcome]>, base: ProbeBatch.Iterator, indices: [Int],
            domains: [DomainPolicy]
        ) {
            self.refused = refused
            self.base = base
            self.indices = indices
            self.domains = domains
        }

        public mutating func next() async -> DomainProbeOutcome? {
            if let outcome = refused.next() { return outcome }
            guard let outcome = await base.next() else { return nil }
            let index = indices[outcome.index]
            return DomainProbeOutcome(index: index, domain: domains[index], result: outcome.result)
        }
    }
}
