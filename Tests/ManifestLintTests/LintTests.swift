import Foundation
import ManifestLint
import PinningCore
import TestSupport
import Testing

@Suite("Lockout guard")
struct LintTests {
    let pki = Fixtures.pki
    let now = Date()

    func rules(_ manifest: PinManifest, missing: [String] = []) -> [LintFinding.Rule] {
        ManifestLinter().lint(manifest, now: now, missingTrustAnchors: missing).map(\.rule)
    }

    /// The findings with served chains judged by the validator first (anchored on the test root), as every front
    /// end does.
    func rules(_ manifest: PinManifest, served: [String: [ChainCertificate]]) async -> [LintFinding.Rule] {
        var chains: [String: ServedChain] = [:]
        for (host, chain) in served {
            let verdict = await Fixtures.validator(manifest).validate(host: host, chain: chain, at: now)
            chains[host] = ServedChain(presented: chain, verdict: verdict)
        }
        return ManifestLinter().lint(manifest, now: now, servedChains: chains).map(\.rule)
    }

    var healthy: DomainPolicy {
        DomainPolicy(
            host: pki.host,
            pins: [
                Fixtures.pin(
                    Fixtures.spki(pki.good.leaf), position: .leaf, notAfter: pki.good.leaf.certificate.notValidAfter),
                Fixtures.pin(Fixtures.unrelatedPin, role: .backup),
            ])
    }

    @Test("a healthy domain has no findings, even against the served chain")
    func healthyDomain() async {
        #expect(await rules(Fixtures.manifest(healthy), served: [pki.host: pki.good.presentedChain]).isEmpty)
    }

    @Test("errors: too few pins, malformed values, duplicates, missing anchors")
    func errors() {
        var single = healthy
        single.pins.removeLast()
        #expect(rules(Fixtures.manifest(single)).contains(.tooFewPins))
        single.mode = .reportOnly
        #expect(!rules(Fixtures.manifest(single)).contains(.tooFewPins))
        var malformed = healthy
        malformed.pins.append(Fixtures.pin("not-a-pin"))
        malformed.pins.append(Fixtures.pin(Data(repeating: 1, count: 20).base64EncodedString()))
        #expect(rules(Fixtures.manifest(malformed)).filter { $0 == .malformedPinValue }.count == 2)
        var upper = healthy
        upper.host = pki.host.uppercased()
        let findings = ManifestLinter().lint(Fixtures.manifest(healthy, upper), now: now)
        #expect(findings.first?.rule == .duplicateDomain && findings.first?.severity == .error)
        #expect(rules(Fixtures.manifest(healthy), missing: ["anchors/gone.pem"]) == [.missingTrustAnchor])
    }

    @Test("error: a label over 200 or a note over 1000 characters; at the limit, nothing")
    func textTooLong() throws {
        var domain = healthy
        domain.pins[0].label = String(repeating: "é", count: ManifestLinter.maximumLabelLength)
        domain.pins[1].note = String(repeating: "n", count: ManifestLinter.maximumNoteLength)
        #expect(rules(Fixtures.manifest(domain)).isEmpty)
        domain.pins[0].label! += "x"
        var findings = ManifestLinter().lint(Fixtures.manifest(domain), now: now)
        #expect(findings.map(\.rule) == [.textTooLong])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("label") == true && findings.first?.message.contains("201") == true)
        domain.pins[0].label = nil
        domain.pins[1].note! += "x"
        findings = ManifestLinter().lint(Fixtures.manifest(domain), now: now)
        #expect(findings.map(\.rule) == [.textTooLong])
        #expect(findings.first?.message.contains("note") == true)
    }

    @Test("warning: no backup pin, or every backup in today's chain")
    func backups() async {
        var noBackup = healthy
        noBackup.pins[1].role = .active
        #expect(rules(Fixtures.manifest(noBackup)) == [.noBackupPin])
        var servedBackup = healthy
        servedBackup.pins[1] = Fixtures.pin(Fixtures.spki(pki.intermediate), role: .backup)
        #expect(
            await rules(Fixtures.manifest(servedBackup), served: [pki.host: pki.good.presentedChain]) == [.noBackupPin]
        )
        #expect(rules(Fixtures.manifest(servedBackup)).isEmpty)
    }

    @Test("warning: every pin on a leaf expiring within 30 days")
    func expiringLeaf() {
        var soon = healthy
        soon.pins = [
            Fixtures.pin(Fixtures.unrelatedPin, position: .leaf, notAfter: now.addingTimeInterval(10 * 86_400)),
            Fixtures.pin(
                Fixtures.spki(pki.rotated.leaf), role: .backup, position: .leaf,
                notAfter: now.addingTimeInterval(20 * 86_400)),
        ]
        let findings = ManifestLinter().lint(Fixtures.manifest(soon), now: now)
        #expect(findings.map(\.rule) == [.allPinsOnExpiringLeaf])
        #expect(findings[0].message.contains("within 20 days"))
        soon.pins[1].notAfter = now.addingTimeInterval(60 * 86_400)
        #expect(rules(Fixtures.manifest(soon)).isEmpty)
    }

    @Test("warning: expires in the past")
    func expiresInPast() {
        var old = healthy
        old.expires = CalendarDay("2020-01-01")
        #expect(rules(Fixtures.manifest(old)) == [.expiresInPast])
        old.expires = CalendarDay(containing: now)
        #expect(rules(Fixtures.manifest(old)).isEmpty)
    }

    @Test("warning: pins that match nothing the server presents")
    func matchNothing() async {
        #expect(
            await rules(Fixtures.manifest(healthy), served: [pki.host: pki.impostor.presentedChain]).contains(
                .pinsMatchNothingServed))
    }

    @Test("every finding names its domain and a fix")
    func wording() {
        var broken = healthy
        broken.pins = [Fixtures.pin("bad")]
        for finding in ManifestLinter().lint(Fixtures.manifest(broken), now: now) {
            #expect(finding.host == pki.host)
            #expect(!finding.fix.isEmpty)
            #expect(finding.formatted.contains("Fix:"))
        }
    }
}
