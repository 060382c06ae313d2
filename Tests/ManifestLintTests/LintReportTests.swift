import Foundation
import LabPKI
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// `pinbench lint` as text, and the served chains it compares pins with, judged by the validator.
@Suite("Lint report and served chains")
struct LintReportTests {
    func pin(_ byte: UInt8, role: PinRole = .active) -> Pin {
        Pin(type: .spkiSHA256, value: Data(repeating: byte, count: 32).base64EncodedString(), role: role)
    }

    @Test("each finding then the tally; a manifest with none says so with its domain count")
    func reportLines() {
        let url = URL(fileURLWithPath: "/nonexistent/pins.json")
        let clean = ManifestDocument(
            manifest: PinManifest(domains: [DomainPolicy(host: "a.example", pins: [pin(1), pin(2, role: .backup)])]),
            url: url, loadedFingerprint: nil)
        #expect(LintTally.reportLines([], of: clean) == ["/nonexistent/pins.json: no findings in 1 domain."])
        let single = ManifestDocument(
            manifest: PinManifest(domains: [DomainPolicy(host: "a.example", pins: [pin(1)])]), url: url,
            loadedFingerprint: nil)
        let findings = ManifestLinter(.gather(for: single)).lint(single, now: Date())
        let lines = LintTally.reportLines(findings, of: single)
        #expect(!findings.isEmpty)
        #expect(Array(lines.dropLast()) == findings.map(\.formatted))
        #expect(lines.last == LintTally(findings).summary + ".")
    }

    @Test("served chains carry the path the validator verified, by host: trusted with the anchor, not without")
    func servedChains() async {
        let pki = TestPKI.shared
        let manifest = PinManifest(domains: [DomainPolicy(host: pki.host, pins: [pin(1), pin(2, role: .backup)])])
        let entries = [(host: pki.host, chain: pki.good.presentedChain)]
        let trusted = await ServedChain.judged(
            entries,
            by: PinValidator(manifest: manifest, trustAnchors: TrustAnchors(certificates: [pki.root.certificate])),
            at: Date())
        let untrusted = await ServedChain.judged(
            entries, by: PinValidator(manifest: manifest, trustAnchors: TrustAnchors()), at: Date())
        #expect(Array(trusted.keys) == [pki.host])
        #expect(trusted[pki.host]?.hasVerifiedPath == true)
        #expect(untrusted[pki.host]?.hasVerifiedPath == false)
    }
}
