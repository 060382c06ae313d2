import Foundation
import ManifestLint
import PinningCore
import TestSupport
import Testing

@Suite("Semantic manifest diff")
struct ManifestDiffTests {
    let pki = Fixtures.pki
    let now = Date()

    func value(_ byte: UInt8) -> String { Data(repeating: byte, count: 32).base64EncodedString() }

    var base: PinManifest {
        PinManifest(domains: [
            DomainPolicy(
                host: "a.test", pins: [Fixtures.pin(value(1)), Fixtures.pin(value(2), role: .backup)]),
            DomainPolicy(host: "b.test", mode: .reportOnly, pins: [Fixtures.pin(value(3))]),
        ])
    }

    @Test("the same manifest, domains and pins in another order, has no changes")
    func noChanges() {
        var reordered = base
        reordered.domains.reverse()
        reordered.domains[0].pins.reverse()
        #expect(ManifestDiff(from: base, to: reordered).isEmpty)
        let same = ManifestDiff(from: base, to: base.canonicallyOrdered)
        #expect(same.isEmpty)
        #expect(same.lines() == [ManifestDiffLine(.note, "no changes")])
    }

    @Test("domains added and removed; settings and pins changed, each named")
    func changes() {
        var edited = base
        edited.domains.removeAll { $0.host == "b.test" }
        edited.domains.append(DomainPolicy(host: "c.test", pins: [Fixtures.pin(value(4))]))
        edited.domains[0].mode = .reportOnly
        edited.domains[0].includeSubdomains = true
        edited.domains[0].port = 8443
        edited.domains[0].connect = "127.0.0.1:8443"
        edited.domains[0].expires = CalendarDay("2027-06-30")
        edited.domains[0].pins[0].role = .backup
        edited.domains[0].pins[0].note = "rotated out"
        edited.domains[0].pins[1].label = "spare key"
        edited.domains[0].pins.append(Fixtures.pin(value(5)))
        edited.trustAnchors = ["anchors/root.pem"]

        let diff = ManifestDiff(from: base, to: edited)
        #expect(diff.domains.map(\.host) == ["a.test", "b.test", "c.test"])
        #expect(diff.domains.map(\.kind) == [.changed, .removed, .added])
        #expect(diff.trustAnchorsAdded == ["anchors/root.pem"])
        let a = diff.domains[0]
        #expect(a.settings.map(\.field) == ["port", "connect", "includeSubdomains", "mode", "expires"])
        #expect(a.settings.map(\.values.new) == ["8443", "127.0.0.1:8443", "true", "report-only", "2027-06-30"])
        #expect(a.pins.map(\.kind) == [.changed, .changed, .added])
        #expect(a.pins[0].fields == [.role, .note])
        #expect(a.pins[1].fields == [.label])
        #expect(diff.domains[1].pins.map(\.kind) == [.removed])
        let text = diff.lines().map(\.text)
        #expect(text.contains("~ a.test:8443"))
        #expect(text.contains("    mode: enforce → report-only"))
        #expect(text.contains("    ~ pin \(value(1)): role active → backup, note none → \"rotated out\""))
        #expect(text.contains("- b.test (removed with 1 pin)"))
        #expect(text.contains("    + pin spki-sha256 \(value(4)) active, any"))
        #expect(diff.summary == "1 domain added, 1 domain removed, 1 domain changed, 1 trust anchor changed")
    }

    @Test("a host listed twice is paired in order, and the extra entry is reported")
    func duplicates() {
        var twice = base
        twice.domains.append(DomainPolicy(host: "a.test", pins: []))
        let diff = ManifestDiff(from: base, to: twice)
        #expect(diff.domains.map(\.kind) == [.added])
        #expect(ManifestDiff(from: twice, to: base).domains.map(\.kind) == [.removed])
    }

    // MARK: - Lockout risk, judged with real chains through the validator

    func served(_ chain: [ChainCertificate], for manifest: PinManifest) async -> [String: ServedChain] {
        let verdict = await Fixtures.validator(manifest).validate(host: pki.host, chain: chain, at: now)
        return [pki.host: ServedChain(presented: chain, verdict: verdict)]
    }

    var pinned: PinManifest {
        PinManifest(domains: [
            DomainPolicy(
                host: pki.host,
                pins: [
                    Fixtures.pin(Fixtures.spki(pki.good.leaf)),
                    Fixtures.pin(Fixtures.unrelatedPin, role: .backup),
                ])
        ])
    }

    @Test("replacing the served pin with one that matches nothing is a risk the change brings in")
    func mismatchRisk() async {
        var edited = pinned
        edited.domains[0].pins[0] = Fixtures.pin(Fixtures.spki(pki.impostor.leaf))
        let chains = await served(pki.good.presentedChain, for: edited)
        let assessment = ManifestDiff(from: pinned, to: edited).lockoutRisks(served: chains, now: now)
        #expect(assessment.risks.map(\.kind) == [.pinsMatchNothingServed])
        #expect(assessment.isRisky)
        // Report-only cannot lock anyone out.
        edited.domains[0].mode = .reportOnly
        #expect(!ManifestDiff(from: pinned, to: edited).lockoutRisks(served: chains, now: now).isRisky)
    }

    @Test("a pin on the root the server does not send matches through the verified path, as in the validator")
    func rootOnVerifiedPath() async {
        var edited = pinned
        edited.domains[0].pins[0] = Fixtures.pin(Fixtures.spki(pki.root), position: .ca)
        let chains = await served(pki.good.presentedChain, for: edited)
        #expect(!ManifestDiff(from: pinned, to: edited).lockoutRisks(served: chains, now: now).isRisky)
        // At position leaf the same pin cannot match, as the validator would reject it.
        edited.domains[0].pins[0].position = .leaf
        let risks = ManifestDiff(from: pinned, to: edited).lockoutRisks(served: chains, now: now)
        #expect(risks.introduced.map(\.kind) == [.pinsMatchNothingServed])
    }

    @Test("making the only outside backup a served key removes the backup: a risk")
    func backupRisk() async {
        var edited = pinned
        edited.domains[0].pins[1] = Fixtures.pin(Fixtures.spki(pki.intermediate), role: .backup)
        let chains = await served(pki.good.presentedChain, for: edited)
        let assessment = ManifestDiff(from: pinned, to: edited).lockoutRisks(served: chains, now: now)
        #expect(assessment.introduced.map(\.kind) == [.noBackupOutsideServed])
        // A note edit on a domain that already had this risk does not bring it in.
        var noted = edited
        noted.domains[0].pins[0].note = "leaf"
        let again = ManifestDiff(from: edited, to: noted).lockoutRisks(served: chains, now: now)
        #expect(again.risks.map(\.alsoBefore) == [true])
        #expect(!again.isRisky)
        #expect(again.lines_contain("(already before)"))
    }

    @Test("changed enforced domains without a served chain are listed as unchecked")
    func unchecked() {
        var edited = pinned
        edited.domains[0].pins[0].label = "x"
        let assessment = ManifestDiff(from: pinned, to: edited).lockoutRisks(served: [:], now: now)
        #expect(assessment.unchecked == [pki.host])
        #expect(!assessment.isRisky)
    }

    @Test("removing the last backup is a risk without any served chain, in the linter's words; keeping it is not")
    func structuralRisk() {
        var edited = pinned
        edited.domains[0].pins.removeAll { $0.role == .backup }
        let assessment = ManifestDiff(from: pinned, to: edited).lockoutRisks(served: [:], now: now)
        #expect(Set(assessment.introduced.map(\.kind)) == [.tooFewPins, .noBackupPin])
        #expect(assessment.isRisky)
        let lint = ManifestLinter().lint(edited, now: now).filter { $0.rule == .tooFewPins }.map(\.message)
        #expect(assessment.risks.contains { $0.kind == .tooFewPins && lint.contains($0.message) })
        // Report-only cannot lock anyone out; a label edit on a sound domain brings nothing in.
        edited.domains[0].mode = .reportOnly
        #expect(!ManifestDiff(from: pinned, to: edited).lockoutRisks(served: [:], now: now).isRisky)
        var labelled = pinned
        labelled.domains[0].pins[0].label = "x"
        #expect(ManifestDiff(from: pinned, to: labelled).lockoutRisks(served: [:], now: now).risks.isEmpty)
    }

    // MARK: - Applying my change onto another

    @Test("re-applying edits onto a changed disk version merges, and names what could not apply")
    func apply() {
        var mine = base
        mine.domains[0].mode = .reportOnly
        mine.domains[0].pins[0].note = "mine"
        mine.domains[0].pins.append(Fixtures.pin(value(9)))
        mine.domains[1].includeSubdomains = true
        mine.domains.append(DomainPolicy(host: "new.test"))
        var disk = base
        disk.domains[0].pins.append(Fixtures.pin(value(8)))
        disk.domains[0].pins[0].note = "theirs"
        disk.domains[1].includeSubdomains = false
        disk.domains[1].mode = .enforce

        let (merged, conflicts) = ManifestDiff(from: base, to: mine).apply(to: disk)
        let a = merged.domains[merged.indexOfDomain("a.test")!]
        #expect(a.mode == .reportOnly)
        #expect(Set(a.pins.map(\.value)) == [value(1), value(2), value(8), value(9)])
        #expect(a.pins[0].note == "theirs")
        let b = merged.domains[merged.indexOfDomain("b.test")!]
        #expect(b.includeSubdomains && b.mode == .enforce)
        #expect(merged.indexOfDomain("new.test") != nil)
        #expect(conflicts.map(\.host) == ["a.test"])
        #expect(conflicts.first?.detail.contains("note") == true)

        var removedOnDisk = base
        removedOnDisk.domains.removeFirst()
        let (_, lost) = ManifestDiff(from: base, to: mine).apply(to: removedOnDisk)
        #expect(lost.map(\.detail).contains("removed on disk; your changes to it were not applied"))
    }
}

extension LockoutAssessment {
    fileprivate func lines_contain(_ text: String) -> Bool {
        ManifestDiff().lines(assessment: self).contains { $0.text.contains(text) }
    }
}

@Suite("Semantic manifest diff: the three pairings agree")
struct ManifestDiffPairingTests {
    func domain(_ host: String, _ byte: UInt8, role: PinRole = .active) -> DomainPolicy {
        DomainPolicy(
            host: host,
            pins: [Pin(type: .spkiSHA256, value: Data(repeating: byte, count: 32).base64EncodedString(), role: role)])
    }

    @Test("aligned, merged and hashed pairings give the same diff")
    func pairingsAgree() {
        let old = PinManifest(domains: (0..<50).map { domain("h\(1000 + $0).test", UInt8($0)) })
        var aligned = old
        aligned.domains[7].pins[0].role = .backup
        var merged = aligned
        merged.domains.remove(at: 3)
        merged.domains.append(domain("zz.test", 99))
        merged.domains.insert(domain("h1000a.test", 98), at: 1)
        var shuffled = merged
        shuffled.domains.reverse()
        shuffled.domains[0].host = shuffled.domains[0].host.uppercased()  // not canonical: the hashed pairing
        for new in [aligned, merged] {
            let diff = ManifestDiff(from: old, to: new)
            #expect(diff.domains.map(\.host) == diff.domains.map(\.host).sorted())
        }
        let viaMerge = ManifestDiff(from: old, to: merged)
        let viaHash = ManifestDiff(from: old, to: shuffled)
        #expect(viaMerge.domains.map(\.host) == ["h1000a.test", "h1003.test", "h1007.test", "zz.test"])
        #expect(viaMerge.domains.map(\.kind) == [.added, .removed, .changed, .added])
        #expect(viaHash.domains.map(\.host) == viaMerge.domains.map(\.host))
        #expect(viaHash.domains.map(\.kind) == viaMerge.domains.map(\.kind))
        #expect(ManifestDiff(from: old, to: aligned).domains.map(\.host) == ["h1007.test"])
    }
}
