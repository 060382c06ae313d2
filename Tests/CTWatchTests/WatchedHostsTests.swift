import CTWatch
import PinningCore
import Testing

/// Matching a logged certificate's names to the pinned hosts, held to the plainest reading of the rule: every
/// manifest asked about every name (`PinManifest.policy(for:)`), every pinned host tried against every wildcard.
@Suite("CT watch: which pinned hosts a certificate names")
struct WatchedHostsTests {
    static let labels = ["api", "www", "shop", "a-b", "x"]
    static let parents = ["example.com", "pinned.example", "co.uk", "com"]

    /// The rule as the manifests state it, with no index.
    static func reference(_ names: [String], _ manifests: [PinManifest]) -> [String] {
        let pinned = Set(manifests.flatMap { $0.domains.map(\.normalizedHost) })
        var hosts: [String] = []
        for raw in names {
            var name = raw.lowercased()
            while name.hasSuffix(".") { name.removeLast() }
            let governed = manifests.contains { $0.policy(for: name) != nil }
            if name.hasPrefix("*.") {
                let parent = String(name.dropFirst(2))
                hosts += pinned.filter { host in
                    host.hasSuffix("." + parent) && !host.dropLast(parent.count + 1).contains(".")
                }.sorted()
            }
            if governed { hosts.append(name) }
        }
        var seen: Set<String> = []
        return hosts.filter { seen.insert($0).inserted }
    }

    static func randomName(_ generator: inout some RandomNumberGenerator) -> String {
        var name = Self.parents.randomElement(using: &generator)!
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            name = Self.labels.randomElement(using: &generator)! + "." + name
        }
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return "*." + name
        case 1: return name.uppercased()
        case 2: return name + "."
        default: return name
        }
    }

    @Test("random manifests and names: the indexed match equals every manifest asked about every name")
    func agreesWithTheRule() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let manifests = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                PinManifest(
                    domains: (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                        DomainPolicy(
                            host: Self.randomName(&generator).replacingOccurrences(of: "*.", with: ""),
                            includeSubdomains: Bool.random(using: &generator))
                    })
            }
            let names = (0..<Int.random(in: 0...5, using: &generator)).map { _ in Self.randomName(&generator) }
            let watched = WatchedHosts(manifests: manifests)
            #expect(watched.hosts(for: names) == Self.reference(names, manifests), "\(names) \(manifests)")
        }
    }

    @Test("a wildcard names each pinned host one label under it, and itself when a domain above covers it")
    func wildcard() {
        let manifest = PinManifest(domains: [
            DomainPolicy(host: "api.example.com"), DomainPolicy(host: "deep.api.example.com"),
            DomainPolicy(host: "shop.example", includeSubdomains: true),
        ])
        let watched = WatchedHosts(manifests: [manifest])
        #expect(watched.hosts(for: ["*.example.com"]) == ["api.example.com"])
        #expect(watched.hosts(for: ["*.shop.example", "WWW.Shop.Example."]) == ["*.shop.example", "www.shop.example"])
        #expect(watched.hosts(for: ["example.com", "other.example"]).isEmpty)
    }
}
