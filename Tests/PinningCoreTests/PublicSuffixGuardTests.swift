import Foundation
import Testing

@testable import PinningCore

/// The public-suffix list the guard reads: its format parsed as publicsuffix.org defines it, and the list compiled
/// into the core (PublicSuffixTableTests holds it to Debian's). The guard itself, in lint, is in ManifestLintTests
/// (PublicSuffixLintTests).
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
        let list = PublicSuffixList.compiledIn
        #expect(list.ruleCount > 5_000)
        #expect(list.everyRule.count > 5_000)
        for host in ["com", "co.uk", "github.io", "xn--55qx5d.cn"] {
            #expect(list.publicSuffixSection(of: host) != nil, "\(host)")
        }
        #expect(list.publicSuffixSection(of: "github.io") == .private)
        #expect(list.publicSuffixSection(of: "example.com") == nil)
    }
}
