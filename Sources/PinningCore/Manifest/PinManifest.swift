import Foundation

/// The pin manifest: which hosts are pinned to what. Reviewed in pull requests, read by apps and the CLI.
public struct PinManifest: Hashable, Sendable {
    /// The only schema this version reads and writes.
    public static let currentSchema = 1

    public var schema: Int
    /// Extra trust anchors (PEM or DER files), relative to the manifest's folder.
    public var trustAnchors: [String]
    /// A folder of the team's own CAs for the CA catalog (docs/ca-catalog.md), relative to the manifest's folder:
    /// lint judges the pins on those CAs' pools as it does Let's Encrypt's. Tooling reads it; the validator never does.
    public var caCatalog: String?
    /// How long a release stays in the field, in days, when the team states it (nil: lint's default, a year): the
    /// era's lint compares certificate lifetimes with it (docs/calendar.md). In the manifest, so that a change is
    /// reviewed with the pins it judges.
    public var releaseFieldDays: Int?
    public var domains: [DomainPolicy]

    /// The values `releaseFieldDays` may take: a day to ten years (no app release is used longer unrenewed).
    public static let releaseFieldDaysRange = 1...3_650

    public init(
        schema: Int = PinManifest.currentSchema, trustAnchors: [String] = [], caCatalog: String? = nil,
        releaseFieldDays: Int? = nil, domains: [DomainPolicy] = []
    ) {
        self.schema = schema
        self.trustAnchors = trustAnchors
        self.caCatalog = caCatalog
        self.releaseFieldDays = releaseFieldDays
        self.domains = domains
    }

    /// The policy that governs `host`: an exact match first, else the nearest parent with `includeSubdomains`.
    public func policy(for host: String) -> DomainPolicy? {
        Self.governingPolicy(
            for: host, exact: { name in domains.first { $0.normalizedHost == name } },
            covering: { name in domains.first { $0.normalizedHost == name && $0.includeSubdomains } })
    }

    /// The rule of ``policy(for:)``, given `exact(NAME)`, the first domain whose normalized host is NAME, and
    /// `covering(NAME)`, the first of those with `includeSubdomains`: the exact one, else the nearest parent's
    /// covering one. One rule for a scan of the domains and for ``PolicyLookup``'s index.
    static func governingPolicy(
        for host: String, exact: (String) -> DomainPolicy?, covering: (String) -> DomainPolicy?
    ) -> DomainPolicy? {
        let wanted = DomainPolicy.normalize(host)
        if let match = exact(wanted) {
            return match
        }
        var labels = wanted.split(separator: ".").map(String.init)
        while labels.count > 1 {
            labels.removeFirst()
            if let match = covering(labels.joined(separator: ".")) {
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
