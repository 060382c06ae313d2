import Foundation
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// The public-suffix guard in lint: includeSubdomains on a public suffix is an error, and a missing list is said out
/// loud. The list's own parsing is in PinningCoreTests (PublicSuffixGuardTests).
@Suite("public-suffix guard in lint")
struct PublicSuffixLintTests {
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
