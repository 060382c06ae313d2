import PinningCore

/// Which pinned hosts a logged certificate could serve: its DNS names (a wildcard's too) against every domain the
/// releases and the working manifest pin, under the core's own rule for which policy governs a host.
public struct WatchedHosts: Sendable {
    /// Every pinned host, normalized, across the manifests: where a wildcard certificate's names may land.
    private let pinnedHosts: Set<String>
    private let lookups: [PolicyLookup]

    public init(manifests: [PinManifest]) {
        pinnedHosts = Set(manifests.flatMap { $0.domains.map(\.normalizedHost) })
        lookups = manifests.map(PolicyLookup.init)
    }

    /// The hosts of `names` that some manifest pins: a plain name as it is; for `*.parent`, each pinned host one
    /// label under `parent`, and `*.parent` itself when a domain above covers its subdomains.
    public func hosts(for names: [String]) -> [String] {
        var hosts: [String] = []
        for raw in names {
            let name = raw.lowercased()
            if name.hasPrefix("*.") {
                let parent = String(name.dropFirst(2))
                let direct = pinnedHosts.filter { host in
                    host.hasSuffix("." + parent) && !host.dropLast(parent.count + 1).contains(".")
                }
                hosts += direct.sorted()
                if isGoverned(name) { hosts.append(name) }
            } else if isGoverned(name) {
                hosts.append(name)
            }
        }
        var seen: Set<String> = []
        return hosts.filter { seen.insert($0).inserted }
    }

    /// True when some manifest has a policy for `host` (a wildcard name stands for a host under its parent).
    private func isGoverned(_ host: String) -> Bool {
        lookups.contains { $0.policy(for: host) != nil }
    }
}
