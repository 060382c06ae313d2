import PinningCore

/// The releases of one forecast, with each release's domains indexed by host once for every domain judged: a
/// forecast of thousands of domains against hundreds of releases must not scan every manifest for every domain.
public struct ReleaseBook: Sendable {
    public let releases: [Release]
    private let lookups: [PolicyLookup]

    public init(_ releases: [Release]) {
        self.releases = releases
        lookups = releases.map { PolicyLookup($0.manifest) }
    }

    /// Each release's policy for `host` (nil: it pins nothing there), in the order of ``releases``.
    public func policies(for host: String) -> [DomainPolicy?] {
        lookups.map { $0.policy(for: host) }
    }

    /// The distinct policies for `host` and, for each release, the index of its own among them: releases that ship
    /// the same policy get the same cells, so the work grows with the distinct policies, not with the releases.
    public func distinctPolicies(for host: String) -> (distinct: [DomainPolicy?], rowOfRelease: [Int]) {
        var distinct: [DomainPolicy?] = []
        // A linear search: releases ship few distinct policies for a domain, and comparing two is cheaper than
        // hashing one (its pins included).
        let rows = policies(for: host).map { policy in
            if let row = distinct.firstIndex(of: policy) { return row }
            distinct.append(policy)
            return distinct.count - 1
        }
        return (distinct, rows)
    }
}
