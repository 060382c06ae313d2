import CACatalog
import Foundation
import LabPKI
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// A domain's `issuance` names a CA of the catalog (built in or the manifest's `caCatalog`) or `private`, and a
/// profile that CA offers; anything else is an error, through the same gather-and-lint path every front end uses.
@Suite("lint: a domain's issuance setting")
struct IssuanceLintTests {
    let folder = TemporaryFolder()

    func lint(_ issuance: DomainIssuance?, caCatalog: String? = nil) -> [LintFinding] {
        let manifest = PinManifest(
            caCatalog: caCatalog, domains: [DomainPolicy(host: "a.example", mode: .reportOnly, issuance: issuance)])
        let document = ManifestDocument(
            manifest: manifest, url: folder.url.appendingPathComponent("pins.json"), loadedFingerprint: nil)
        // Only the rules this setting can set off (a domain without pins has others of its own).
        let relevant: Set<LintFinding.Rule> = [.issuanceUnknownCA, .issuanceUnknownProfile, .caCatalogUnreadable]
        return ManifestLinter(.gather(for: document)).lint(document, now: Date()).filter { relevant.contains($0.rule) }
    }

    func rules(_ findings: [LintFinding]) -> [LintFinding.Rule] { findings.map(\.rule) }

    @Test(
        "known CAs and profiles, private, and fields without a CA pass",
        arguments: [
            DomainIssuance(ca: "letsencrypt"), DomainIssuance(ca: "letsencrypt", profile: "shortlived"),
            DomainIssuance(ca: "letsencrypt", profile: "tlsserver", lifetimeDays: 45, keyReuse: false),
            DomainIssuance(ca: "private", profile: "anything", lifetimeDays: 825),
            DomainIssuance(profile: "classic"), DomainIssuance(keyReuse: true),
        ])
    func accepted(_ issuance: DomainIssuance) {
        #expect(lint(issuance).isEmpty, "\(issuance): \(lint(issuance))")
    }

    @Test("an unknown CA is an error naming the nearest id; an unknown profile an error listing the CA's")
    func refused() throws {
        let typo = lint(DomainIssuance(ca: "letsencrpyt"))
        #expect(typo.count == 1 && typo[0].rule == .issuanceUnknownCA && typo[0].severity == .error, "\(typo)")
        #expect(typo[0].message.contains("Did you mean \"letsencrypt\""), "\(typo[0].message)")
        let profile = lint(DomainIssuance(ca: "letsencrypt", profile: "longlived"))
        #expect(profile.count == 1 && profile[0].rule == .issuanceUnknownProfile, "\(profile)")
        #expect(profile[0].message.contains("classic, tlsserver, shortlived"), "\(profile[0].message)")
        #expect(profile[0].fix.contains("default (classic)"))
        let hostile = lint(DomainIssuance(ca: "team\u{1B}"))
        #expect(hostile.count == 1 && !hostile[0].message.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test("a team's CA is known once the manifest names its folder; its profiles are judged as Let's Encrypt's")
    func teamCatalog() throws {
        let pki = TestPKI.shared
        try TeamCatalogFolder.write(
            into: folder.url.appendingPathComponent("ca/team"), rootPEM: pki.root.pem,
            intermediatePEM: pki.intermediate.pem, intermediateFile: "ca-1.pem", lifetimeDays: 365)
        #expect(rules(lint(DomainIssuance(ca: "team"))) == [.issuanceUnknownCA], "without the folder")
        #expect(lint(DomainIssuance(ca: "team", profile: "internal"), caCatalog: "ca").isEmpty)
        #expect(
            rules(lint(DomainIssuance(ca: "team", profile: "classic"), caCatalog: "ca")) == [.issuanceUnknownProfile])
        // A folder that cannot be read is the manifest's error alone: the CA is not also called unknown.
        #expect(rules(lint(DomainIssuance(ca: "team"), caCatalog: "missing")) == [.caCatalogUnreadable])
    }

    @Test("the write gate refuses an unknown CA, as it refuses every lint error")
    func gate() throws {
        let manifest = PinManifest(domains: [
            DomainPolicy(host: "a.example", mode: .reportOnly, issuance: DomainIssuance(ca: "digicert"))
        ])
        let decision = LintGateDecision(
            manifest, writingTo: folder.url.appendingPathComponent("pins.json"), allowErrors: false)
        #expect(decision.refusal != nil)
        #expect(decision.findings.contains { $0.rule == .issuanceUnknownCA })
    }
}
