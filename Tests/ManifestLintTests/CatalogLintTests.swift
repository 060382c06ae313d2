import CACatalog
import Foundation
import LabPKI
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// The lint rules that know the CA catalog: on Let's Encrypt's real keys, and on a team pool from the test PKI whose
/// renewals can really be issued, so the lockout the error names is the validator's verdict on such a renewal.
@Suite("lint with the CA catalog: pools, retired intermediates, replaced certificates")
struct CatalogLintTests {
    static let letsEncrypt = try! CACatalog.builtIn().authority(id: "letsencrypt")!
    let now = CalendarDay("2026-11-28")!.startDate!

    func spki(_ file: String) -> Pin {
        Pin(type: .spkiSHA256, value: Self.letsEncrypt.certificate(file: file)!.spkiPin)
    }

    func cert(_ file: String) -> Pin {
        Pin(type: .certSHA256, value: Self.letsEncrypt.certificate(file: file)!.certPin)
    }

    func findings(_ pins: [Pin], linter: ManifestLinter = ManifestLinter()) -> [LintFinding] {
        linter.lint(Fixtures.manifest(DomainPolicy(host: "api.example.com", pins: pins)), now: now)
            .filter {
                [.pinsPartOfIssuingPool, .pinOnRetiredIntermediate, .pinOnReplacedCertificate].contains($0.rule)
            }
    }

    @Test("YE1 alone, or YE1 and YE2 without the backup YE3: an error naming what is missing and Root YE's key")
    func partOfPool() throws {
        let alone = findings([spki("gen-y/int-ye1.pem"), spki("gen-y/int-yr1.pem")])
        #expect(alone.map(\.rule) == [.pinsPartOfIssuingPool, .pinsPartOfIssuingPool])
        let ye = try #require(alone.first { $0.message.contains("YE1") })
        #expect(ye.severity == .error && ye.message.contains("YE2 or YE3"), "\(ye.message)")
        #expect(ye.fix.contains(Self.letsEncrypt.certificate(file: "gen-y/int-ye3.pem")!.spkiPin))
        #expect(ye.fix.contains(Self.letsEncrypt.certificate(file: "gen-y/root-ye.pem")!.spkiPin))
        let noBackup = findings([spki("gen-y/int-ye1.pem"), spki("gen-y/int-ye2.pem")])
        #expect(noBackup.count == 1 && noBackup[0].message.contains("from YE3 is locked out"), "\(noBackup)")
    }

    @Test("the whole pool, or any key above it (Root YE, ISRG Root X2, ISRG Root X1), is no finding")
    func coveredPool() throws {
        let whole = ["gen-y/int-ye1.pem", "gen-y/int-ye2.pem", "gen-y/int-ye3.pem"].map(spki)
        #expect(findings(whole).isEmpty)
        #expect(findings([spki("gen-y/int-ye1.pem"), spki("gen-y/root-ye.pem")]).isEmpty)
        // A key above Root YE drops out of the path of a client whose store holds Root YE: a warning, not an error.
        for above in ["roots/isrg-root-x2.pem", "roots/isrgrootx1.pem"] {
            let found = findings([spki("gen-y/int-ye1.pem"), spki(above)])
            #expect(found.map(\.severity) == [.warning], "\(above): \(found)")
            #expect(found.first?.message.contains("a client whose trust store holds Root YE is locked out") == true)
        }
        // Root YR's key is above the RSA pool only.
        #expect(findings([spki("gen-y/int-ye1.pem"), spki("gen-y/root-yr.pem")]).map(\.severity) == [.error])
    }

    @Test("a report-only or lapsed domain on part of a pool is warned, never refused: it locks nobody out")
    func reportOnlyWarned() throws {
        var domain = DomainPolicy(
            host: "api.example.com", pins: [spki("gen-y/int-ye1.pem"), spki("gen-y/int-yr1.pem")])
        domain.mode = .reportOnly
        let found = ManifestLinter().lint(Fixtures.manifest(domain), now: now).filter {
            $0.rule == .pinsPartOfIssuingPool
        }
        #expect(found.count == 2 && found.allSatisfy { $0.severity == .warning }, "\(found)")
    }

    @Test("the whole retired 2024 pool and nothing that issues now: an error naming the pools renewals come from")
    func onlyRetiredPool() throws {
        let files = ["r10", "r11", "r12", "r13", "r14", "e5", "e6", "e7", "e8", "e9"].map { "2024/\($0).pem" }
        let found = findings(files.map(spki))
        let errors = found.filter { $0.severity == .error }
        #expect(errors.count == 1 && errors[0].message.contains("issue nothing now"), "\(errors)")
        #expect(errors.first?.message.contains("YE3") == true && errors.first?.fix.contains("Root YE") == true)
        #expect(found.filter { $0.rule == .pinOnRetiredIntermediate }.count == 10)
        // With Root YR's and Root YE's keys added, the pin set survives: only the ten warnings stay.
        let covered = findings(files.map(spki) + [spki("gen-y/root-yr.pem"), spki("gen-y/root-ye.pem")])
        #expect(covered.allSatisfy { $0.severity == .warning } && covered.count == 10, "\(covered)")
    }

    @Test("a cert-sha256 pin on an expired cross-sign (ISRG Root X2 by X1, 2020): a warning with its last day")
    func expiredCertificatePin() throws {
        let found = findings([cert("roots/isrg-root-x2-cross-signed.pem"), spki("gen-y/root-ye.pem")])
        #expect(found.map(\.rule) == [.pinOnRetiredIntermediate], "\(found)")
        #expect(found.first?.message.contains("expired on 2025-09-15") == true)
    }

    @Test("R10 (retired) and R3 (expired): warnings with their dates; after 2028-09-02 a Gen Y pin is one too")
    func retiredAndExpired() throws {
        let found = findings([spki("2024/r10.pem"), spki("expired/lets-encrypt-r3.pem")])
            .filter { $0.rule == .pinOnRetiredIntermediate }
        #expect(found.count == 2)
        #expect(found.contains { $0.message.contains("R10 (retired, valid to 2027-03-12)") }, "\(found)")
        #expect(found.contains { $0.message.contains("R3 (expired on 2025-09-15)") }, "\(found)")
        // E5's key is in two certificates (by X2, and cross-signed by X1): one warning for the one pin.
        #expect(findings([spki("2024/e5.pem"), spki("gen-y/root-ye.pem")]).count == 1)
        let later = ManifestLinter().lint(
            Fixtures.manifest(DomainPolicy(host: "a.example", pins: [spki("gen-y/int-yr1.pem")])),
            now: CalendarDay("2028-09-03")!.startDate!)
        #expect(later.contains { $0.rule == .pinOnRetiredIntermediate && $0.message.contains("expired on 2028-09-02") })
    }

    @Test("a cert-sha256 pin on a 2025 cross-sign: a warning naming the key and the new certificate; the new one: none")
    func replacedCertificate() throws {
        let found = findings([cert("revoked/root-yr-by-x1.pem"), spki("gen-y/root-yr.pem")])
        #expect(found.map(\.rule) == [.pinOnReplacedCertificate])
        #expect(
            found.first?.fix.contains(Self.letsEncrypt.certificate(file: "gen-y/root-yr-by-x1.pem")!.certPin) == true)
        #expect(findings([cert("gen-y/root-yr-by-x1.pem"), spki("gen-y/root-yr.pem")]).isEmpty)
    }

    @Test("a catalog that could not be read is an error for the manifest: the rules that need it did not run")
    func unreadableCatalog() throws {
        let failure = CACatalogError(.invalidSchema, path: "team/catalog.json", "unknown field \"vlaue\"")
        let linter = ManifestLinter(
            LintEnvironment(publicSuffixes: .success(.compiledIn), catalog: .given(.failure(failure))))
        let manifest = Fixtures.manifest(DomainPolicy(host: "a.example", pins: [spki("gen-y/int-ye1.pem")]))
        let found = linter.lint(manifest, now: now)
        let unreadable = found.filter { $0.rule == .caCatalogUnreadable }
        #expect(unreadable.count == 1 && unreadable[0].severity == .error && unreadable[0].host == nil)
        #expect(unreadable.first?.message.contains("team/catalog.json") == true)
        #expect(!found.contains { $0.rule == .pinsPartOfIssuingPool })
    }

    @Test(
        "a team pool of two: pins on one intermediate are an error, and the validator rejects a renewal from the other")
    func teamPoolAgreesWithValidator() async throws {
        let pki = TestPKI.shared
        let sibling = try CertificateIssuer.intermediate(
            commonName: "PinBench Test CA 2", key: .p256, issuer: pki.root,
            notBefore: Date().addingTimeInterval(-86_400))
        let json = """
            { "format": 1, "id": "team", "name": "Team CA",
              "certificates": [
                { "file": "root.pem", "label": "Team Root", "role": "root", "status": "active" },
                { "file": "ca-1.pem", "label": "Team CA 1", "role": "intermediate", "status": "active" },
                { "file": "ca-2.pem", "label": "Team CA 2", "role": "intermediate", "status": "active" } ],
              "profiles": [ { "name": "internal", "lifetimes": [ { "days": 90 } ] } ] }
            """
        let team = try CACatalog.read(
            from: CatalogFiles([
                "team/catalog.json": json, "team/root.pem": pki.root.pem, "team/ca-1.pem": pki.intermediate.pem,
                "team/ca-2.pem": sibling.pem,
            ]))
        let linter = ManifestLinter(
            LintEnvironment(publicSuffixes: .success(.compiledIn), catalog: .given(.success(team))))
        let policy = DomainPolicy(
            host: pki.host,
            pins: [
                Pin(
                    certificate: CertificateDetails(pki.intermediate.certificate), level: 1, type: .spkiSHA256,
                    added: now),
                Pin(
                    certificate: CertificateDetails(pki.good.leaf.certificate), level: 0, type: .spkiSHA256,
                    added: now),
            ])
        let found = linter.lint(Fixtures.manifest(policy), now: Date()).filter { $0.rule == .pinsPartOfIssuingPool }
        #expect(found.count == 1 && found[0].message.contains("Team CA 2 is locked out"), "\(found)")
        // The renewal the error speaks of, issued for real from the sibling with a new key: rejected on its pins.
        let renewal = try CertificateIssuer.leaf(
            commonName: pki.host, dnsNames: [pki.host], key: .p256, issuer: sibling,
            notBefore: Date().addingTimeInterval(-3_600), notAfter: Date().addingTimeInterval(90 * 86_400))
        let validator = PinValidator(
            manifest: Fixtures.manifest(policy), trustAnchors: TrustAnchors(certificates: [pki.root.certificate]))
        let verdict = await validator.validate(
            host: pki.host, chain: [ChainCertificate(renewal.certificate), ChainCertificate(sibling.certificate)],
            at: Date())
        #expect(verdict.outcome == .rejected && verdict.rejection == .pinMismatch, "\(verdict.statement)")
        // Pinning the sibling too ends the error, and the validator accepts that renewal.
        let both = DomainPolicy(
            host: pki.host,
            pins: policy.pins + [
                Pin(certificate: CertificateDetails(sibling.certificate), level: 1, type: .spkiSHA256, added: now)
            ])
        #expect(linter.lint(Fixtures.manifest(both), now: Date()).filter { $0.rule == .pinsPartOfIssuingPool }.isEmpty)
        let accepted = await PinValidator(
            manifest: Fixtures.manifest(both), trustAnchors: TrustAnchors(certificates: [pki.root.certificate])
        ).validate(
            host: pki.host, chain: [ChainCertificate(renewal.certificate), ChainCertificate(sibling.certificate)],
            at: Date())
        #expect(accepted.outcome == .accepted, "\(accepted.statement)")
    }
}
