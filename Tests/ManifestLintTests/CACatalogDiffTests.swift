import Foundation
import ManifestLint
import PinningCore
import Testing

/// A change to the manifest's `caCatalog` is a change a reviewer sees: in the diff's lines, its summary, its JSON,
/// and the three-way merge that carries edits over a reload.
@Suite("manifest diff: the caCatalog setting")
struct CACatalogDiffTests {
    let domain = DomainPolicy(host: "a.example")

    @Test("set, changed and removed: a ~ line, the summary says so, the report carries both sides")
    func seen() throws {
        let plain = PinManifest(domains: [domain])
        let set = PinManifest(caCatalog: "ca", domains: [domain])
        let diff = ManifestDiff(from: plain, to: set)
        #expect(!diff.isEmpty && diff.caCatalog?.new == "ca" && diff.caCatalog?.old == nil)
        #expect(diff.lines().map(\.text).contains("~ caCatalog: none → \"ca\""), "\(diff.lines().map(\.text))")
        #expect(diff.summary.contains("caCatalog changed"))
        #expect(ManifestDiff(from: set, to: set).isEmpty)
        let removed = ManifestDiff(from: set, to: plain)
        #expect(removed.lines().map(\.text).contains("~ caCatalog: \"ca\" → none"))
        let report = DiffReport(old: "a", new: "b", diff: removed, assessment: nil, unreachable: [])
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any]
        let setting = try #require(object?["caCatalog"] as? [String: Any])
        #expect(
            setting["old"] as? String == "ca" && setting["new"] == nil && setting["field"] as? String == "caCatalog")
    }

    @Test("applied over a manifest that kept the old value; a conflict when the other side set another")
    func merged() throws {
        let diff = ManifestDiff(
            from: PinManifest(domains: [domain]), to: PinManifest(caCatalog: "ca", domains: [domain]))
        let applied = diff.apply(to: PinManifest(domains: [domain, DomainPolicy(host: "b.example")]))
        #expect(applied.manifest.caCatalog == "ca" && applied.conflicts.isEmpty)
        let clash = diff.apply(to: PinManifest(caCatalog: "other", domains: [domain]))
        #expect(clash.manifest.caCatalog == "other" && clash.conflicts.count == 1, "\(clash.conflicts)")
    }
}

/// A change to the manifest's `releaseFieldDays` is seen as a `caCatalog` change is: a line, the summary, the JSON
/// report and the three-way merge.
@Suite("manifest diff: the releaseFieldDays setting")
struct ReleaseFieldDaysDiffTests {
    let domain = DomainPolicy(host: "a.example")

    @Test("set, changed and removed: a ~ line, the summary says so, the report carries both sides")
    func seen() throws {
        let plain = PinManifest(domains: [domain])
        let set = PinManifest(releaseFieldDays: 90, domains: [domain])
        let diff = ManifestDiff(from: plain, to: set)
        #expect(!diff.isEmpty && diff.releaseFieldDays?.new == "90" && diff.releaseFieldDays?.old == nil)
        #expect(diff.lines().map(\.text).contains("~ releaseFieldDays: default → 90 days"), "\(diff.lines())")
        #expect(diff.summary.contains("releaseFieldDays changed"))
        #expect(ManifestDiff(from: set, to: set).isEmpty)
        let changed = ManifestDiff(from: set, to: PinManifest(releaseFieldDays: 180, domains: [domain]))
        #expect(changed.lines().map(\.text).contains("~ releaseFieldDays: 90 days → 180 days"))
        let report = DiffReport(
            old: "a", new: "b", diff: ManifestDiff(from: set, to: plain), assessment: nil, unreachable: [])
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any]
        let setting = try #require(object?["releaseFieldDays"] as? [String: Any])
        #expect(setting["old"] as? String == "90" && setting["new"] == nil)
    }

    @Test("applied over a manifest that kept the old value; a conflict when the other side set another")
    func merged() throws {
        let diff = ManifestDiff(
            from: PinManifest(domains: [domain]), to: PinManifest(releaseFieldDays: 90, domains: [domain]))
        let applied = diff.apply(to: PinManifest(domains: [domain, DomainPolicy(host: "b.example")]))
        #expect(applied.manifest.releaseFieldDays == 90 && applied.conflicts.isEmpty)
        let clash = diff.apply(to: PinManifest(releaseFieldDays: 30, domains: [domain]))
        #expect(clash.manifest.releaseFieldDays == 30 && clash.conflicts.count == 1, "\(clash.conflicts)")
    }
}
