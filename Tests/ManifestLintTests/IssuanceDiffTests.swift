import Foundation
import ManifestLint
import PinningCore
import Testing

/// A change to a domain's `issuance` is a setting change the diff shows and the three-way merge carries; before it
/// was one, a reload merged over an issuance edit and dropped it.
@Suite("manifest diff: a domain's issuance")
struct IssuanceDiffTests {
    func manifest(_ issuance: DomainIssuance?) -> PinManifest {
        PinManifest(domains: [DomainPolicy(host: "a.example", issuance: issuance)])
    }

    @Test("set, changed and cleared: one setting change with both sides as the manifest names them")
    func seen() throws {
        let set = ManifestDiff(from: manifest(nil), to: manifest(DomainIssuance(ca: "letsencrypt")))
        let change = try #require(set.domains.first?.settings.first)
        #expect(change.field == "issuance" && change.values.old == "none" && change.values.new == "ca=letsencrypt")
        let changed = ManifestDiff(
            from: manifest(DomainIssuance(ca: "letsencrypt")),
            to: manifest(DomainIssuance(ca: "letsencrypt", profile: "shortlived")))
        #expect(changed.domains.first?.settings.first?.values.new == "ca=letsencrypt profile=shortlived")
        #expect(ManifestDiff(from: manifest(DomainIssuance(keyReuse: true)), to: manifest(nil)).domains.count == 1)
        #expect(ManifestDiff(from: manifest(DomainIssuance(ca: "x")), to: manifest(DomainIssuance(ca: "x"))).isEmpty)
    }

    @Test("applied over a disk copy that kept the old value; a conflict when the disk set another")
    func merged() throws {
        let diff = ManifestDiff(from: manifest(nil), to: manifest(DomainIssuance(ca: "letsencrypt")))
        let applied = diff.apply(to: manifest(nil))
        #expect(applied.manifest.domains[0].issuance == DomainIssuance(ca: "letsencrypt") && applied.conflicts.isEmpty)
        let clash = diff.apply(to: manifest(DomainIssuance(ca: "private")))
        #expect(clash.manifest.domains[0].issuance?.ca == "private" && clash.conflicts.count == 1)
    }
}
