import PinningCore

/// Which pinned hosts a logged certificate could serve: its DNS names (a wildcard's too) against every domain the
/// releases and the working manifest pin, under the core's own rule for which policy governs a host.
public struct WatchedHosts: Sendable {
    /// Every pinned host, normalized, across the manifests.
    private let pinnedHosts: Set<String>
    /// The pinned hosts one label under each parent: where a wildcard certificate's names may land.
    private let hostsUnder: [String: [String]]
    private let lookups: [PolicyLookup]

    public init(manifests: [PinManifest]) {
        pinnedHosts = Set(manifests.flatMap { $0.domains.map(\.normalizedHost) })
        var hostsUnder: [String: [String]] = [:]
        for host in pinnedHosts {
            guard let dot = host.firstIndex(of: ".") else { continue }
            hostsUnder[String(host[host.index(after: dot)...]), default: []].append(host)
        }
        self.hostsUnder = hostsUnder.mapValues { $0.sorted() }
        lookups = manifests.map(PolicyLookup.init)
    }

    /// The hosts of `names` that some manifest pins: a plain name as it is; for `*.parent`, each pinned host one
    /// label under `parent`, and `*.parent` itself when a domain above covers its subdomains.
    public func hosts(for names: [String]) -> [String] {
        var hosts: [String] = []
        for raw in names {
            let name = DomainPolicy.normalize(raw)
            if name.hasPrefix("*.") {
                hosts += hostsUnder[String(name.dropFirst(2))] ?? []
                if isGoverned(name) { hosts.append(name) }
            } else if isGoverned(name) {
                hosts.append(name)
            }
        }
        guard hosts.count > 1 else { return hosts }
        var seen: Set<String> = []
        return hosts.filter { seen.insert($0).inserted }
    }

    /// True when some manifest has a policy for `host` (a wildcard name stands for a host under its parent). A
    /// policy governs a host only from the host itself or a domain above it, so a name none of whose suffixes is
    /// pinned (nearly every name a log holds) is answered by set lookups alone.
    private func isGoverned(_ host: String) -> Bool {
        guard pinnedHosts.contains(host) || hasPinnedParent(host) else { return false }
        return lookups.contains { $0.policy(for: host) != nil }
    }

    /// True when a domain above `host` (`b.c` or `c` for `a.b.c`) is pinned.
    private func hasPinnedParent(_ host: String) -> Bool {
        let bytes = host.utf8
        var index = bytes.startIndex
        while let dot = bytes[index...].firstIndex(of: UInt8(ascii: ".")) {
            index = bytes.index(after: dot)
            if pinnedHosts.contains(String(host[index...])) { return true }
        }
        return false
    }
}
