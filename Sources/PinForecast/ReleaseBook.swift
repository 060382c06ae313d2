import PinningCore

/// The releases of one forecast, with each distinct manifest's domains indexed by host once for every domain judged:
/// a forecast of thousands of domains against hundreds of releases must neither scan every manifest for every domain
/// nor look a domain up again for each release that ships the same manifest (most releases keep the pins of the one
/// before).
public struct ReleaseBook: Sendable {
    public let releases: [Release]
    /// One index per distinct manifest among the releases.
    private let lookups: [PolicyLookup]
    /// For each release, the index of its manifest in ``lookups``.
    private let manifestOfRelease: [Int]

    public init(_ releases: [Release]) {
        self.releases = releases
        var manifests: [PinManifest] = []
        var byHash: [Int: [Int]] = [:]
        manifestOfRelease = releases.map { release in
            let hash = Self.sampleHash(release.manifest)
            if let same = byHash[hash, default: []].first(where: { manifests[$0] == release.manifest }) { return same }
            byHash[hash, default: []].append(manifests.count)
            manifests.append(release.manifest)
            return manifests.count - 1
        }
        lookups = manifests.map(PolicyLookup.init)
    }

    /// A cheap hash for finding equal manifests: the number of domains and three of them (hashing every domain of
    /// every release would cost more than the whole forecast). Manifests with equal hashes are then compared whole,
    /// which is immediate when they share their storage.
    private static func sampleHash(_ manifest: PinManifest) -> Int {
        var hasher = Hasher()
        let domains = manifest.domains
        hasher.combine(domains.count)
        hasher.combine(manifest.trustAnchors)
        for index in Set([0, domains.count / 2, domains.count - 1]).sorted() where domains.indices.contains(index) {
            hasher.combine(domains[index])
        }
        return hasher.finalize()
    }

    /// Each release's policy for `host` (nil: it pins nothing there), in the order of ``releases``.
    public func policies(for host: String) -> [DomainPolicy?] {
        let found = lookups.map { $0.policy(for: host) }
        return manifestOfRelease.map { found[$0] }
    }

    /// The distinct policies for `host` and, for each release, the index of its own among them: releases that ship
    /// the same policy get the same cells, so the work grows with the distinct policies, not with the releases.
    public func distinctPolicies(for host: String) -> (distinct: [DomainPolicy?], rowOfRelease: [Int]) {
        var distinct: [DomainPolicy?] = []
        // Each distinct manifest's policy, then its row: two manifests may ship the same policy for this host.
        let rowOfManifest = lookups.map { lookup in
            let policy = lookup.policy(for: host)
            if let row = distinct.firstIndex(of: policy) { return row }
            distinct.append(policy)
            return distinct.count - 1
        }
        return (distinct, manifestOfRelease.map { rowOfManifest[$0] })
    }
}
