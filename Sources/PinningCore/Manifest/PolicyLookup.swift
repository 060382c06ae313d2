/// A manifest's domains indexed by host, for answering ``PinManifest/policy(for:)`` for many hosts: the same rule,
/// in a time that does not grow with the number of domains (the scan does, which a forecast of thousands of domains
/// against hundreds of releases cannot afford).
public struct PolicyLookup: Sendable {
    private let byHost: [String: [DomainPolicy]]

    public init(_ manifest: PinManifest) {
        byHost = Dictionary(grouping: manifest.domains, by: \.normalizedHost)
    }

    /// The policy that governs `host`, as ``PinManifest/policy(for:)`` says.
    public func policy(for host: String) -> DomainPolicy? {
        PinManifest.governingPolicy(for: host) { byHost[$0] ?? [] }
    }
}
