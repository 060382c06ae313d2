import PinningCore

/// The hosts one forecast judges, with the chain each serves today and the one planned for it (by host).
public struct ForecastChains: Sendable {
    public let hosts: [String]
    public var served: [String: [ChainCertificate]]
    public let planned: [String: [ChainCertificate]]
    /// Hosts whose chain today could not be fetched, sorted.
    public var unreachable: [String] = []

    /// The hosts are `given` (already parsed), or else every domain of `manifest`, then the hosts of the served and
    /// planned chains, each once. Every planned chain must be among them: the gate judges every planned chain, and
    /// one for a host left out of the forecast would pass unjudged.
    public init(
        given: [String], manifest: PinManifest, served: [(host: String, chain: [ChainCertificate])],
        planned: [(host: String, chain: [ChainCertificate])]
    ) throws(ForecastInputError) {
        func byHost(_ entries: [(host: String, chain: [ChainCertificate])]) -> [String: [ChainCertificate]] {
            Dictionary(entries.map { ($0.host, $0.chain) }, uniquingKeysWith: { first, _ in first })
        }
        let served = byHost(served)
        let planned = byHost(planned)
        var hosts = given
        if hosts.isEmpty {
            var seen: Set<String> = []
            let all = manifest.domains.map(\.host) + served.keys.sorted() + planned.keys.sorted()
            hosts = all.filter { seen.insert($0).inserted }
        }
        let forecast = Set(hosts)
        if let host = planned.keys.sorted().first(where: { !forecast.contains($0) }) {
            throw ForecastInputError(
                "--planned names \(host), which is not among the domains forecast (\(hosts.joined(separator: ", "))): "
                    + "its chain would not be judged; add \(host) to the DOMAIN arguments or leave out its --planned")
        }
        self.hosts = hosts
        self.served = served
        self.planned = planned
    }
}
