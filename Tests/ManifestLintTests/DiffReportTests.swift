import Foundation
import LabPKI
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// `pinbench diff --json` and the served chain judged by both sides of a change.
@Suite("Diff report and served judge")
struct DiffReportTests {
    func pin(_ byte: UInt8, role: PinRole = .active) -> Pin {
        Pin(type: .spkiSHA256, value: Data(repeating: byte, count: 32).base64EncodedString(), role: role)
    }

    @Test("the report lists each domain's change and each pin's, with the fields that differ, read back as JSON")
    func reportJSON() throws {
        let old = PinManifest(domains: [DomainPolicy(host: "a.example", pins: [pin(1), pin(2, role: .backup)])])
        let new = PinManifest(domains: [
            DomainPolicy(host: "a.example", pins: [pin(1), pin(2, role: .active)]),
            DomainPolicy(host: "b.example", pins: [pin(3)]),
        ])
        let diff = ManifestDiff(from: old, to: new)
        let report = DiffReport(
            old: "HEAD:pins.json", new: "pins.json", diff: diff, assessment: nil, unreachable: ["c.example"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(object["old"] as? String == "HEAD:pins.json" && object["changed"] as? Bool == true)
        #expect(object["risky"] as? Bool == false && object["unreachable"] as? [String] == ["c.example"])
        let domains = try #require(object["domains"] as? [[String: Any]])
        #expect(Set(domains.compactMap { $0["host"] as? String }) == ["a.example", "b.example"])
        let changed = try #require(domains.first { $0["host"] as? String == "a.example" })
        let pins = try #require(changed["pins"] as? [[String: Any]])
        #expect(pins.count == 1)
        let fields = try #require(pins.first?["fields"] as? [[String: Any]])
        #expect(fields.first?["field"] as? String == "role")
        #expect(fields.first?["old"] as? String == "backup" && fields.first?["new"] as? String == "active")
    }

    @Test("the text names both sides, the hosts not reached, and how to judge what no served chain checked")
    func reportText() {
        let old = PinManifest()
        let new = PinManifest(domains: [DomainPolicy(host: "b.example", pins: [pin(3), pin(4, role: .backup)])])
        let diff = ManifestDiff(from: old, to: new)
        let assessment = diff.lockoutRisks(from: old, to: new, served: [:], now: Date())
        let lines = diff.reportLines(
            old: "HEAD:pins.json", new: "pins.json", assessment: assessment, clientWarnings: [],
            unreachable: ["c.example"], judgedServed: false)
        #expect(Array(lines.prefix(2)) == ["--- HEAD:pins.json", "+++ pins.json"])
        #expect(lines.contains("? c.example: could not be reached, so its risk was not judged"))
        #expect(!assessment.unchecked.isEmpty)
        #expect(lines.last == "(to judge them against what servers serve: give --served HOST=FILE or --live)")
        let judged = diff.reportLines(
            old: "a", new: "b", assessment: assessment, clientWarnings: [], unreachable: [], judgedServed: true)
        #expect(!judged.contains { $0.hasPrefix("(to judge them") })
        let same = ManifestDiff(from: old, to: old)
        let none = same.reportLines(
            old: "a", new: "b", assessment: same.lockoutRisks(from: old, to: old, served: [:], now: Date()),
            clientWarnings: [], unreachable: [], judgedServed: true)
        #expect(none == ["--- a", "+++ b", "no changes"])
    }

    @Test("a chain is judged by each side with its own anchors: untrusted before, trusted after")
    func servedJudge() async throws {
        let pki = TestPKI.shared
        let manifest = PinManifest(domains: [DomainPolicy(host: pki.host, pins: [pin(1), pin(2, role: .backup)])])
        let judge = ServedJudge(
            before: PinValidator(manifest: manifest, trustAnchors: TrustAnchors()),
            after: PinValidator(manifest: manifest, trustAnchors: TrustAnchors(certificates: [pki.root.certificate])))
        let evidence = await judge.evidence(host: pki.host, chain: pki.good.presentedChain, at: Date())
        #expect(evidence.before.trustFailure != nil)
        #expect(evidence.after.trustFailure == nil)
        #expect(judge.anchorsAfter.certificates == [pki.root.certificate])
    }
}
