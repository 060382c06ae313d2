import CACatalog
import Foundation
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// A leaf-key pin on a domain whose key changes at every renewal is an error once a certificate lives shorter than a
/// release stays in the field (a year by default): judged from the domain's issuance plan (Let's Encrypt's
/// built-in profiles), through the same gather-and-lint path every front end uses.
@Suite("lint: leaf-key pins in the era of short lifetimes")
struct LeafKeyRenewalLintTests {
    let folder = TemporaryFolder()
    let leafKey = Pin(
        type: .spkiSHA256, value: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", position: .leaf, label: "leaf key")
    let caKey = Pin(type: .spkiSHA256, value: "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=", role: .backup)

    func lint(
        _ issuance: DomainIssuance?, pins: [Pin]? = nil, mode: EnforcementMode = .enforce, fieldDays: Int? = nil,
        manifestFieldDays: Int? = nil
    ) -> [LintFinding] {
        let domain = DomainPolicy(host: "a.example", mode: mode, pins: pins ?? [leafKey, caKey], issuance: issuance)
        let document = ManifestDocument(
            manifest: PinManifest(releaseFieldDays: manifestFieldDays, domains: [domain]),
            url: folder.url.appendingPathComponent("pins.json"), loadedFingerprint: nil)
        var environment = LintEnvironment.gather(for: document)
        if let fieldDays { environment.releaseFieldDays = fieldDays }
        return ManifestLinter(environment).lint(document, now: Date()).filter { $0.rule == .leafKeyPinRenewsKey }
    }

    @Test("Let's Encrypt's classic profile (a new key, 90 days or less): an error naming the lifetime and the fix")
    func error() throws {
        let findings = lint(DomainIssuance(ca: "letsencrypt"))
        #expect(findings.count == 1 && findings.first?.severity == .error, "\(findings)")
        let message = try #require(findings.first?.message)
        #expect(message.contains("the profile makes a new key") && message.contains("(365 days)"), "\(message)")
        #expect(findings.first?.fix.contains("pinbench forecast --calendar") == true)
        let declared = lint(DomainIssuance(ca: "letsencrypt", keyReuse: false))
        #expect(declared.first?.message.contains("keyReuse is false") == true, "\(declared)")
        // Report-only cannot lock anyone out: a warning.
        #expect(lint(DomainIssuance(ca: "letsencrypt"), mode: .reportOnly).first?.severity == .warning)
    }

    @Test("no finding: the key reused, no leaf-key pin, nothing known of the issuance, a lifetime past the field's")
    func quiet() {
        #expect(lint(DomainIssuance(ca: "letsencrypt", keyReuse: true)).isEmpty)
        #expect(
            lint(DomainIssuance(ca: "letsencrypt"), pins: [caKey, Pin(type: .spkiSHA256, value: leafKey.value)]).isEmpty
        )
        #expect(lint(nil).isEmpty)
        #expect(lint(DomainIssuance(ca: "private", lifetimeDays: 825, keyReuse: false)).isEmpty)
        // The field time is a setting: a release kept 60 days does not outlive a 90-day certificate.
        #expect(lint(DomainIssuance(ca: "letsencrypt"), fieldDays: 60).isEmpty)
        #expect(lint(DomainIssuance(ca: "private", lifetimeDays: 200, keyReuse: false)).count == 1)
    }

    @Test("a pin on the CA's root key beside the leaf key: a warning that names what the domain then rests on")
    func anotherPinHolds() throws {
        let authority = try #require(try CACatalog.builtIn().authority(id: "letsencrypt"))
        let root = try #require(authority.certificates.first { $0.role == .root })
        let rootKey = Pin(type: .spkiSHA256, value: root.spkiPin, role: .backup)
        let findings = lint(DomainIssuance(ca: "letsencrypt"), pins: [leafKey, rootKey])
        #expect(findings.count == 1 && findings.first?.severity == .warning, "\(findings)")
        let message = try #require(findings.first?.message)
        #expect(message.contains("rests on its 1 pin on letsencrypt's keys alone"), "\(message)")
        #expect(!message.contains("each release is locked out"))
        // A pin on a key the catalog does not list for the CA holds nothing lint can see: still an error.
        #expect(lint(DomainIssuance(ca: "letsencrypt"), pins: [leafKey, caKey]).first?.severity == .error)
    }

    @Test("key reuse nobody states (a private CA's 200 days): a warning, as the calendar assumes a new key")
    func keyReuseUnknown() throws {
        let findings = lint(DomainIssuance(ca: "private", lifetimeDays: 200))
        #expect(findings.count == 1 && findings.first?.severity == .warning, "\(findings)")
        #expect(findings.first?.message.contains("nothing says a renewal keeps the key") == true, "\(findings)")
    }

    @Test("the manifest's releaseFieldDays decides across the boundary: a 200-day certificate against 199, 200, 201")
    func manifestSetting() throws {
        let issuance = DomainIssuance(ca: "private", lifetimeDays: 200, keyReuse: false)
        #expect(lint(issuance, manifestFieldDays: 199).isEmpty, "a release out sooner than the renewal")
        #expect(lint(issuance, manifestFieldDays: 200).isEmpty, "the renewal on the release's last day")
        let over = lint(issuance, manifestFieldDays: 201)
        #expect(over.count == 1 && over.first?.message.contains("(201 days)") == true, "\(over)")
        // The manifest's setting wins over the environment's; without it the default (365) judges.
        #expect(lint(issuance, fieldDays: 1_000, manifestFieldDays: 100).isEmpty)
        #expect(lint(DomainIssuance(ca: "letsencrypt"), manifestFieldDays: 60).isEmpty)
        #expect(lint(DomainIssuance(ca: "letsencrypt"), manifestFieldDays: 91).count == 1)
        #expect(LintEnvironment.defaultReleaseFieldDays == 365)
    }
}
