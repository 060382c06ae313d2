import Foundation

/// The pin manifest: which hosts are pinned to what. Reviewed in pull requests, read by apps and the CLI.
public struct PinManifest: Hashable, Sendable {
    /// The only schema this version reads and writes.
    public static let currentSchema = 1

    public var schema: Int
    /// Extra trust anchors (PEM or DER files), relative to the manifest's folder.
    public var trustAnchors: [String]
    public var domains: [DomainPolicy]

    public init(schema: Int = PinManifest.currentSchema, trustAnchors: [String] = [], domains: [DomainPolicy] = []) {
        self.schema = schema
        self.trustAnchors = trustAnchors
        self.domains = domains
    }

    /// The policy that governs `host`: an exact match first, else the nearest parent with `includeSubdomains`.
    public func policy(for host: String) -> DomainPolicy? {
        Self.governingPolicy(for: host) { name in domains.lazy.filter { $0.normalizedHost == name } }
    }

    /// The rule of ``policy(for:)`` over `named(NAME)`, the domains whose normalized host is NAME in the manifest's
    /// order: the first exact one, else the first with `includeSubdomains` of the nearest parent. One rule for a scan
    /// of the domains and for ``PolicyLookup``'s index.
    static func governingPolicy<Named: Sequence<DomainPolicy>>(
        for host: String, named: (String) -> Named
    ) -> DomainPolicy? {
        let wanted = DomainPolicy.normalize(host)
        if let exact = named(wanted).first(where: { _ in true }) {
            return exact
        }
        var labels = wanted.split(separator: ".").map(String.init)
        while labels.count > 1 {
            labels.removeFirst()
            if let match = named(labels.joined(separator: ".")).first(where: \.includeSubdomains) {
                return match
            }
        }
        return nil
    }

    /// Index of the domain whose host is exactly `host` (case-insensitive).
    public func indexOfDomain(_ host: String) -> Int? {
        let wanted = DomainPolicy.normalize(host)
        return domains.firstIndex { $0.normalizedHost == wanted }
    }

    /// Domains in the stable order used on disk: by host, then port.
    /// A manifest read from disk is usually in this order already; it is then returned as is, sharing its storage.
    public var canonicallyOrdered: PinManifest {
        let inOrder = { (a: DomainPolicy, b: DomainPolicy) in (a.normalizedHost, a.port) < (b.normalizedHost, b.port) }
        if zip(domains, domains.dropFirst()).allSatisfy({ !inOrder($1, $0) }) { return self }
        var copy = self
        copy.domains.sort(by: inOrder)
        return copy
    }
}
