/// A manifest's domains indexed by host, for answering ``PinManifest/policy(for:)`` for many hosts: the same rule,
/// in a time that does not grow with the number of domains (the scan does, which a forecast of thousands of domains
/// against hundreds of releases cannot afford).
public struct PolicyLookup: Sendable {
    /// The first domain of each normalized host, in the manifest's order.
    private var first: [String: DomainPolicy] = [:]
    /// The first domain of each normalized host that has `includeSubdomains`.
    private var firstCovering: [String: DomainPolicy] = [:]

    public init(_ manifest: PinManifest) {
        first.reserveCapacity(manifest.domains.count)
        for domain in manifest.domains {
            if first[domain.normalizedHost] == nil { first[domain.normalizedHost] = domain }
            if domain.includeSubdomains && firstCovering[domain.normalizedHost] == nil {
                firstCovering[domain.normalizedHost] = domain
            }
        }
    }

    /// The policy that governs `host`, as ``PinManifest/policy(for:)`` says.
    public func policy(for host: String) -> DomainPolicy? {
        PinManifest.governingPolicy(for: host, exact: { first[$0] }, covering: { firstCovering[$0] })
    }
}
