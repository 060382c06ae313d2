import CACatalog
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// A served chain's issuer is recognised by key: a team's private CA from the test PKI, whose impostor has the same
/// names at every level and other keys.
@Suite("CA catalog: a served chain's issuer recognised by key, not by name")
struct CatalogRecognitionTests {
    let pki = TestPKI.shared

    /// A catalog `team` with the test PKI's root and intermediate (active), in the documented format.
    func teamCatalog() throws -> CACatalog {
        let json = """
            {
              "format": 1, "id": "team", "name": "Team CA", "issuance": "sequential",
              "certificates": [
                { "file": "root.pem", "label": "Team Root", "role": "root", "status": "active" },
                { "file": "ca.pem", "label": "Team CA 1", "role": "intermediate", "status": "active" }
              ],
              "profiles": [
                { "name": "internal", "default": true, "keyReuse": true, "lifetimes": [ { "days": 365 } ] }
              ]
            }
            """
        return try CACatalog.read(
            from: CatalogFiles([
                "team/catalog.json": json, "team/root.pem": pki.root.pem, "team/ca.pem": pki.intermediate.pem,
            ]))
    }

    func chain(_ certificates: [IssuedCertificate]) -> [ChainCertificate] {
        certificates.map { ChainCertificate($0.certificate) }
    }

    @Test("the good chain, its leaf alone, and its leaf sent with the impostor's intermediate: Team CA 1")
    func recognised() throws {
        let catalog = try teamCatalog()
        for served in [
            chain([pki.good.leaf, pki.intermediate]), chain([pki.good.leaf]),
            chain([pki.good.leaf, pki.impostor.intermediates[0]]),
        ] {
            let found = try #require(catalog.recognise(served))
            #expect(found.authority.id == "team" && found.intermediate.label == "Team CA 1")
            #expect(found.rootPin == catalog.authorities[0].certificate(file: "root.pem")?.spkiPin)
            #expect(found.leafLifetimeDays == 91, "the test leaf runs from a day before now to 90 days after")
        }
    }

    @Test("the impostor's chain, with the same names at every level, is not recognised")
    func impostor() throws {
        let catalog = try teamCatalog()
        #expect(catalog.recognise(chain([pki.impostor.leaf] + pki.impostor.intermediates)) == nil)
        #expect(catalog.recognise(chain([pki.impostor.leaf, pki.intermediate])) == nil)
    }

    @Test("the team's catalog added to the built-in one: both CAs, Let's Encrypt first")
    func added() throws {
        let both = try CACatalog.builtIn().adding(try teamCatalog())
        #expect(both.authorities.map(\.id) == ["letsencrypt", "team"])
        #expect(both.recognise(chain([pki.good.leaf, pki.intermediate]))?.authority.id == "team")
    }
}
