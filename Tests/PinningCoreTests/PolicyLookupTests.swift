import PinningCore
import Testing

/// ``PolicyLookup`` answers ``PinManifest/policy(for:)`` from an index: it must give the very policy the scan gives,
/// for every host, including the cases the rule orders (an exact host before a parent, the first of two entries for
/// one host, a parent without `includeSubdomains` skipped for a nearer one that has it).
@Suite("Policy lookup by index, against the manifest's scan")
struct PolicyLookupTests {
    static let manifest = PinManifest(domains: [
        DomainPolicy(host: "example.com", includeSubdomains: true),
        DomainPolicy(host: "API.example.com", port: 8443),
        DomainPolicy(host: "api.example.com", port: 443),
        DomainPolicy(host: "b.example.com", includeSubdomains: false),
        DomainPolicy(host: "deep.a.b.example.com"),
        DomainPolicy(host: "a.b.example.com", includeSubdomains: true),
        DomainPolicy(host: "other.test"),
        DomainPolicy(host: "xn--bcher-kva.example", includeSubdomains: true),
    ])

    static let hosts = [
        "example.com", "EXAMPLE.COM", "api.example.com", "www.api.example.com", "b.example.com", "x.b.example.com",
        "deep.a.b.example.com", "z.deep.a.b.example.com", "a.b.example.com", "other.test", "www.other.test",
        "unrelated.net", "com", "bücher.example", "shop.bücher.example", "", ".", "example.com.",
    ]

    @Test("every host: the same policy (host, port and all) as the scan", arguments: hosts)
    func sameAsScan(host: String) {
        let lookup = PolicyLookup(Self.manifest)
        #expect(lookup.policy(for: host) == Self.manifest.policy(for: host), "\(host)")
    }

    @Test("the answers the rule orders, spelled out")
    func ruleSpelledOut() {
        let lookup = PolicyLookup(Self.manifest)
        // The first of two entries for one host wins, as the scan's first match does.
        #expect(lookup.policy(for: "api.example.com")?.port == 8443)
        // b.example.com does not cover its subdomains: the nearest parent that does is example.com.
        #expect(lookup.policy(for: "x.b.example.com")?.host == "example.com")
        // An exact host beats a parent that covers it.
        #expect(lookup.policy(for: "deep.a.b.example.com")?.host == "deep.a.b.example.com")
        #expect(lookup.policy(for: "z.deep.a.b.example.com")?.host == "a.b.example.com")
        #expect(lookup.policy(for: "unrelated.net") == nil)
    }
}
