import CACatalog
import Foundation
import LabPKI
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// A manifest's `caCatalog` folder reaches lint through ``LintEnvironment/gather(for:publicSuffixes:clients:)``, as
/// every front end gathers it: the team's pool is judged as Let's Encrypt's is, and a folder that cannot be read is
/// an error rather than a silent pass.
@Suite("lint with the manifest's own CA catalog folder")
struct CatalogFolderLintTests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    /// `ca/team` with the test PKI's root and two intermediates (its own and a sibling) issuing at random.
    func writeTeam(catalogText: String? = nil) throws {
        let team = folder.url.appendingPathComponent("ca/team")
        try FileManager.default.createDirectory(at: team, withIntermediateDirectories: true)
        let json =
            catalogText ?? """
                { "format": 1, "id": "team", "name": "Team CA",
                  "certificates": [
                    { "file": "root.pem", "label": "Team Root", "role": "root", "status": "active" },
                    { "file": "ca-1.pem", "label": "Team CA 1", "role": "intermediate", "status": "active" },
                    { "file": "ca-2.pem", "label": "Team CA 2", "role": "intermediate", "status": "backup" } ],
                  "profiles": [ { "name": "internal", "lifetimes": [ { "days": 90 } ] } ] }
                """
        try Data(json.utf8).write(to: team.appendingPathComponent("catalog.json"))
        try Data(pki.root.pem.utf8).write(to: team.appendingPathComponent("root.pem"))
        try Data(pki.intermediate.pem.utf8).write(to: team.appendingPathComponent("ca-1.pem"))
        try Data(CatalogFolderLintTests.sibling.pem.utf8).write(to: team.appendingPathComponent("ca-2.pem"))
    }

    /// A second intermediate under the test PKI's root.
    static let sibling = try! CertificateIssuer.intermediate(
        commonName: "PinBench Test CA 2", key: .p256, issuer: TestPKI.shared.root,
        notBefore: Date().addingTimeInterval(-86_400))

    func lint(caCatalog: String?) throws -> [LintFinding] {
        let pins = [
            Pin(
                certificate: CertificateDetails(pki.intermediate.certificate), level: 1, type: .spkiSHA256,
                added: Date()),
            Pin(certificate: CertificateDetails(pki.good.leaf.certificate), level: 0, type: .spkiSHA256, added: Date()),
        ]
        let manifest = PinManifest(caCatalog: caCatalog, domains: [DomainPolicy(host: pki.host, pins: pins)])
        let document = ManifestDocument(
            manifest: manifest, url: folder.url.appendingPathComponent("pins.json"), loadedFingerprint: nil)
        return ManifestLinter(.gather(for: document)).lint(document, now: Date())
    }

    @Test("caCatalog set: the team's backup Team CA 2 is missing from the pins, an error; unset: no such finding")
    func teamPool() throws {
        try writeTeam()
        let found = try lint(caCatalog: "ca").filter { $0.rule == .pinsPartOfIssuingPool }
        #expect(found.count == 1 && found[0].message.contains("Team CA 2 (backup)"), "\(found)")
        #expect(try lint(caCatalog: nil).filter { $0.rule == .pinsPartOfIssuingPool }.isEmpty)
    }

    @Test("a folder that is missing, or holds a broken catalog, is a ca-catalog-unreadable error naming it")
    func unreadable() throws {
        let missing = try lint(caCatalog: "no-such-folder").filter { $0.rule == .caCatalogUnreadable }
        #expect(missing.count == 1 && missing[0].severity == .error, "\(missing)")
        try writeTeam(catalogText: "{ \"format\": 1, \"id\": \"team\", \"name\": \"Team CA\", \"certificats\": [] }")
        let broken = try lint(caCatalog: "ca").filter { $0.rule == .caCatalogUnreadable }
        #expect(broken.count == 1 && broken[0].message.contains("certificats"), "\(broken)")
    }
}
