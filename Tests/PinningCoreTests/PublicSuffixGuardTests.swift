import Foundation
import ManifestLint
import Testing

@testable import PinningCore

/// The public-suffix guard: the list's format parsed as publicsuffix.org defines it, the list compiled into the core
/// (PublicSuffixTableTests holds it to Debian's), and a missing list said out loud.
@Suite("public-suffix guard")
struct PublicSuffixGuardTests {
    static let sample = """
        // ===BEGIN ICANN DOMAINS===
        com
        uk
        co.uk
        // wildcard and exception
        *.ck
        !www.ck
        // IDN rule, in Unicode as the list writes it
        公司.cn
        cn
        // ===END ICANN DOMAINS===
        // ===BEGIN PRIVATE DOMAINS===
        github.io
        *.compute.example   trailing text after whitespace is ignored
        // ===END PRIVATE DOMAINS===
        """

    @Test("normal, wildcard, exception, private and IDN rules; single labels by the default rule")
    func parsing() {
        let list = PublicSuffixList(text: Self.sample)
        #expect(list.ruleCount == 9)
        #expect(list.publicSuffixSection(of: "com") == .icann)
        #expect(list.publicSuffixSection(of: "co.uk") == .icann)
        #expect(list.publicSuffixSection(of: "example.co.uk") == nil)
        #expect(list.publicSuffixSection(of: "anything.ck") == .icann, "*.ck")
        #expect(list.publicSuffixSection(of: "www.ck") == nil, "!www.ck")
        #expect(list.publicSuffixSection(of: "a.b.ck") == nil)
        #expect(list.publicSuffixSection(of: "xn--55qx5d.cn") == .icann, "公司.cn as its A-label")
        #expect(list.publicSuffixSection(of: "github.io") == .private)
        #expect(list.publicSuffixSection(of: "me.github.io") == nil)
        #expect(list.publicSuffixSection(of: "eu-1.compute.example") == .private)
        #expect(list.publicSuffixSection(of: "test") == .icann, "the default rule *")
        #expect(list.publicSuffixSection(of: "CO.UK.") == .icann)
    }

    @Test("the compiled-in list knows com, co.uk, github.io and 公司.cn")
    func compiledInList() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let fresh = PublicSuffixList(text: PublicSuffixList.compiledInRules)
        print("Public Suffix List: \(fresh.ruleCount) rules parsed in \(clock.now - start)")
        let list = PublicSuffixList.compiledIn
        #expect(list == fresh)
        #expect(list.ruleCount > 5_000)
        for host in ["com", "co.uk", "github.io", "xn--55qx5d.cn"] {
            #expect(list.publicSuffixSection(of: host) != nil, "\(host)")
        }
        #expect(list.publicSuffixSection(of: "github.io") == .private)
        #expect(list.publicSuffixSection(of: "example.com") == nil)
    }

    func manifest(_ hosts: [String], includeSubdomains: Bool = true) -> PinManifest {
        PinManifest(
            domains: hosts.map {
                DomainPolicy(
                    host: $0, includeSubdomains: includeSubdomains,
                    pins: [
                        Pin(type: .spkiSHA256, value: Fixtures.unrelatedPin),
                        Pin(type: .spkiSHA256, value: Fixtures.spki(Fixtures.pki.intermediate), role: .backup),
                    ])
            })
    }

    @Test("lint: includeSubdomains on a public suffix is an error; on a registrable domain it is fine")
    func lintError() {
        let findings = ManifestLinter().lint(
            manifest(["github.io", "co.uk", "example.com", "xn--55qx5d.cn"]), now: Date())
        let flagged = findings.filter { $0.rule == .includeSubdomainsOnPublicSuffix }
        #expect(Set(flagged.compactMap(\.host)) == ["github.io", "co.uk", "xn--55qx5d.cn"])
        #expect(flagged.allSatisfy { $0.severity == .error })
        #expect(flagged.first { $0.host == "github.io" }?.message.contains("private section") == true)
        let exact = ManifestLinter().lint(manifest(["co.uk"], includeSubdomains: false), now: Date())
        #expect(!exact.contains { $0.rule == .includeSubdomainsOnPublicSuffix }, "pinning co.uk itself is allowed")
    }

    @Test("lint: a missing list is a warning that the guard could not run, never a silent pass")
    func missingList() {
        let linter = ManifestLinter(publicSuffixes: PublicSuffixList.load(path: "/nonexistent/public_suffix_list.dat"))
        let findings = linter.lint(manifest(["co.uk"]), now: Date())
        let missing = findings.filter { $0.rule == .publicSuffixListMissing }
        #expect(missing.count == 1)
        #expect(missing.first?.severity == .warning)
        #expect(missing.first?.message.contains("could not run") == true)
        #expect(!findings.contains { $0.rule == .includeSubdomainsOnPublicSuffix })
        let none = linter.lint(manifest(["co.uk"], includeSubdomains: false), now: Date())
        #expect(!none.contains { $0.rule == .publicSuffixListMissing }, "nothing to guard")
    }
}
