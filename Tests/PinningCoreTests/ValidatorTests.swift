import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

@Suite("Pin validator verdicts")
struct ValidatorTests {
    let pki = Fixtures.pki
    var host: String { pki.host }

    func pinned(
        _ pins: [Pin], mode: EnforcementMode = .enforce, expires: CalendarDay? = nil, subdomains: Bool = false
    )
        -> PinManifest
    {
        Fixtures.manifest(
            DomainPolicy(host: pki.host, includeSubdomains: subdomains, mode: mode, expires: expires, pins: pins))
    }

    var leafAndBackup: [Pin] {
        [Fixtures.pin(Fixtures.spki(pki.good.leaf)), Fixtures.pin(Fixtures.unrelatedPin, role: .backup)]
    }

    @Test("accepted: the leaf key pin matches at level 0")
    func acceptedLeaf() async {
        let verdict = await Fixtures.validator(pinned(leafAndBackup)).validate(
            host: host, chain: pki.good.presentedChain, at: Date())
        #expect(verdict.outcome == .accepted)
        #expect(verdict.matchedPin?.level == 0)
        #expect(verdict.allowsConnection)
        #expect(verdict.summary.contains("accepted"))
        #expect(verdict.statement == "accepted: active pin matched at level 0.")
        #expect(verdict.summary == "\(host): \(verdict.statement)")
    }

    @Test("accepted at every level: intermediate key, root certificate (anchor from the store)")
    func acceptedCA() async {
        let intermediatePin = [Fixtures.pin(Fixtures.spki(pki.intermediate)), Fixtures.pin(Fixtures.unrelatedPin)]
        var verdict = await Fixtures.validator(pinned(intermediatePin)).validate(
            host: host, chain: pki.good.presentedChain, at: Date())
        #expect(verdict.outcome == .accepted)
        #expect(verdict.matchedPin?.level == 1)
        let rootPin = [Fixtures.pin(Fixtures.cert(pki.root), type: .certSHA256), Fixtures.pin(Fixtures.unrelatedPin)]
        verdict = await Fixtures.validator(pinned(rootPin)).validate(
            host: host, chain: pki.good.presentedChain, at: Date())
        #expect(verdict.outcome == .accepted)
        #expect(verdict.matchedPin?.level == 2)
    }

    @Test("positions: a leaf pin does not match a CA, a ca pin does not match the leaf")
    func positions() async {
        let wrongPlace = [
            Fixtures.pin(Fixtures.spki(pki.intermediate), position: .leaf),
            Fixtures.pin(Fixtures.spki(pki.good.leaf), position: .ca),
        ]
        let verdict = await Fixtures.validator(pinned(wrongPlace)).validate(
            host: host, chain: pki.good.presentedChain, at: Date())
        #expect(verdict.outcome == .rejected)
        #expect(verdict.rejection == .pinMismatch)
        #expect(verdict.explanation.contains { $0.contains("restricted to position leaf") })
    }

    @Test("a backup pin catches the rotated leaf, and says rotation happened")
    func rotatedCaughtByBackup() async {
        let pins = [
            Fixtures.pin(Fixtures.spki(pki.good.leaf)), Fixtures.pin(Fixtures.spki(pki.rotated.leaf), role: .backup),
        ]
        let verdict = await Fixtures.validator(pinned(pins)).validate(
            host: host, chain: pki.rotated.presentedChain, at: Date())
        #expect(verdict.outcome == .accepted)
        #expect(verdict.matchedPin?.pin.role == .backup)
        #expect(verdict.explanation.contains { $0.contains("BACKUP") })
    }

    @Test("rejected: a rotated key without a backup pin lists presented and pinned values")
    func rotatedWithoutBackup() async {
        let verdict = await Fixtures.validator(pinned(leafAndBackup)).validate(
            host: host, chain: pki.rotated.presentedChain, at: Date())
        #expect(verdict.outcome == .rejected)
        #expect(verdict.rejection == .pinMismatch)
        let text = verdict.report
        #expect(text.contains(Fixtures.spki(pki.rotated.leaf)))
        #expect(text.contains(Fixtures.spki(pki.good.leaf)))
        #expect(text.contains("Presented:"))
        #expect(text.contains("Pinned for"))
    }

    @Test("report-only: a mismatch is allowed and reported")
    func reportOnly() async {
        let verdict = await Fixtures.validator(pinned(leafAndBackup, mode: .reportOnly)).validate(
            host: host, chain: pki.rotated.presentedChain, at: Date())
        #expect(verdict.outcome == .reportOnlyViolation)
        #expect(verdict.allowsConnection)
    }

    @Test("lapsed: pins past expires are not checked, loudly")
    func lapsed() async {
        let verdict = await Fixtures.validator(pinned(leafAndBackup, expires: CalendarDay("2020-01-01"))).validate(
            host: host, chain: pki.rotated.presentedChain, at: Date())
        #expect(verdict.outcome == .pinsLapsed)
        #expect(verdict.summary.contains("LAPSED"))
        // The day itself still counts: pins apply through the end of `expires`.
        let now = Date()
        let today = CalendarDay(containing: now)
        let current = await Fixtures.validator(pinned(leafAndBackup, expires: today)).validate(
            host: host, chain: pki.rotated.presentedChain, at: now)
        #expect(current.outcome == .rejected)
    }

    @Test("not pinned: trusted host without a policy, and a policy without pins")
    func notPinned() async {
        var verdict = await Fixtures.validator(PinManifest()).validate(
            host: host, chain: pki.good.presentedChain, at: Date())
        #expect(verdict.outcome == .notPinned)
        verdict = await Fixtures.validator(pinned([])).validate(
            host: host, chain: pki.good.presentedChain, at: Date())
        #expect(verdict.outcome == .notPinned)
    }

    @Test("impostor chain with identical names is rejected as untrusted, and its keys differ")
    func impostor() async {
        let verdict = await Fixtures.validator(pinned(leafAndBackup)).validate(
            host: host, chain: pki.impostor.presentedChain, at: Date())
        #expect(verdict.outcome == .rejected)
        #expect(verdict.rejection == .untrustedChain)
        #expect(verdict.explanation.contains { $0.contains("not signed by that anchor's key") })
        // Even if the attacker's root were trusted, the pin would still catch it.
        let trusting = Fixtures.validator(pinned(leafAndBackup), anchors: [pki.root, pki.impostor.root])
        let pinnedVerdict = await trusting.validate(host: host, chain: pki.impostor.presentedChain, at: Date())
        #expect(pinnedVerdict.rejection == .pinMismatch)
    }

    @Test("the pinned certificate appended to an attacker's chain does not pass (CVE-2016-2402)")
    func appendedPinnedCertificate() async {
        let pins = [Fixtures.pin(Fixtures.spki(pki.intermediate)), Fixtures.pin(Fixtures.spki(pki.good.leaf))]
        let attack = pki.impostor.presentedChain + [pki.intermediate.chainCertificate, pki.good.leaf.chainCertificate]
        let trusting = Fixtures.validator(pinned(pins), anchors: [pki.root, pki.impostor.root])
        let verdict = await trusting.validate(host: host, chain: attack, at: Date())
        #expect(verdict.outcome == .rejected)
        #expect(verdict.rejection == .pinMismatch)
        #expect(verdict.explanation.contains { $0.contains("not part of the verified path") })
    }

    @Test("expired leaf, and a chain judged at a time before it was valid")
    func validity() async {
        let validator = Fixtures.validator(pinned(leafAndBackup))
        let expired = await validator.validate(host: host, chain: pki.expired.presentedChain, at: Date())
        #expect(expired.rejection == .expired)
        #expect(expired.explanation.contains { $0.contains("expired on") })
        let early = await validator.validate(
            host: host, chain: pki.good.presentedChain, at: Date().addingTimeInterval(-30 * 86_400))
        #expect(early.rejection == .notYetValid)
        let late = await validator.validate(
            host: host, chain: pki.good.presentedChain, at: Date().addingTimeInterval(120 * 86_400))
        #expect(late.rejection == .expired)
    }

    @Test("wrong host names the names the certificate does list")
    func wrongHost() async {
        let verdict = await Fixtures.validator(PinManifest()).validate(
            host: host, chain: pki.wrongHost.presentedChain, at: Date())
        #expect(verdict.rejection == .hostnameMismatch)
        #expect(verdict.explanation.contains { $0.contains("other.pinbench.test") })
    }

    @Test("self-signed, incomplete chain and unknown root each explain themselves")
    func untrusted() async throws {
        let validator = Fixtures.validator(PinManifest())
        let selfSigned = await validator.validate(host: host, chain: [pki.selfSigned.chainCertificate], at: Date())
        #expect(selfSigned.rejection == .untrustedChain)
        #expect(selfSigned.explanation.contains { $0.contains("self-signed") })
        let incomplete = await validator.validate(host: host, chain: [pki.good.leaf.chainCertificate], at: Date())
        #expect(incomplete.rejection == .untrustedChain)
        #expect(incomplete.explanation.contains { $0.contains("missing intermediate") })
        let otherRoot = try CertificateIssuer.root(commonName: "Somebody Else's Root")
        let otherLeaf = try CertificateIssuer.leaf(commonName: host, dnsNames: [host], issuer: otherRoot)
        let unknownRoot = await validator.validate(
            host: host, chain: [otherLeaf.chainCertificate, otherRoot.chainCertificate], at: Date())
        #expect(unknownRoot.rejection == .untrustedChain)
        #expect(unknownRoot.explanation.contains { $0.contains("not a trust anchor") })
    }

    @Test("empty chain")
    func emptyChain() async {
        let verdict = await Fixtures.validator(PinManifest()).validate(host: host, chain: [], at: Date())
        #expect(verdict.rejection == .emptyChain)
    }

    @Test("server-auth extended key usage: critical accepted; client-only, and absent (iOS 13), rejected")
    func extendedKeyUsage() async throws {
        let critical = try CertificateIssuer.leaf(
            commonName: host, dnsNames: [host], issuer: pki.intermediate, extendedKeyUsage: ([.serverAuth], true))
        let validator = Fixtures.validator(PinManifest())
        let accepted = await validator.validate(
            host: host, chain: [critical.chainCertificate, pki.intermediate.chainCertificate], at: Date())
        #expect(accepted.outcome == .notPinned)
        let clientOnly = try CertificateIssuer.leaf(
            commonName: host, dnsNames: [host], issuer: pki.intermediate, extendedKeyUsage: ([.clientAuth], true))
        let rejected = await validator.validate(
            host: host, chain: [clientOnly.chainCertificate, pki.intermediate.chainCertificate], at: Date())
        #expect(rejected.rejection == .wrongKeyUsage)
        #expect(rejected.explanation.contains { $0.contains("server authentication") })
        let noEKU = try CertificateIssuer.leaf(
            commonName: host, dnsNames: [host], issuer: pki.intermediate, extendedKeyUsage: nil)
        let plain = await validator.validate(
            host: host, chain: [noEKU.chainCertificate, pki.intermediate.chainCertificate], at: Date())
        #expect(plain.rejection == .wrongKeyUsage)
        #expect(plain.explanation.contains { $0.contains("iOS 13") }, "\(plain.report)")
    }

    @Test("policy lookup: exact host first, else the nearest parent with includeSubdomains")
    func lookup() {
        let manifest = PinManifest(domains: [
            DomainPolicy(host: "example.test", includeSubdomains: true, pins: [Fixtures.pin(Fixtures.unrelatedPin)]),
            DomainPolicy(host: "api.example.test", includeSubdomains: false),
            DomainPolicy(host: "exact.test", includeSubdomains: false),
        ])
        #expect(manifest.policy(for: "API.Example.test.")?.host == "api.example.test")
        #expect(manifest.policy(for: "v2.api.example.test")?.host == "example.test")
        #expect(manifest.policy(for: "www.example.test")?.host == "example.test")
        #expect(manifest.policy(for: "sub.exact.test") == nil)
        #expect(manifest.policy(for: "other.test") == nil)
    }

    @Test("a subdomain is pinned through its parent's policy")
    func subdomainVerdict() async throws {
        let www = "www." + host
        let manifest = pinned(
            [Fixtures.pin(Fixtures.unrelatedPin), Fixtures.pin(Fixtures.unrelatedPin + "")], subdomains: true)
        let verdict = await Fixtures.validator(manifest).validate(
            host: www, chain: pki.good.presentedChain, at: Date())
        #expect(verdict.rejection == .pinMismatch)
        #expect(verdict.policy?.host == host)
    }

    @Test("an IP address host is matched against IP SANs")
    func ipHost() async throws {
        let leaf = try CertificateIssuer.leaf(
            commonName: "loopback", dnsNames: [], ipAddresses: ["127.0.0.1"], issuer: pki.intermediate)
        let chain = [leaf.chainCertificate, pki.intermediate.chainCertificate]
        let validator = Fixtures.validator(PinManifest())
        #expect(await validator.validate(host: "127.0.0.1", chain: chain, at: Date()).outcome == .notPinned)
        #expect(await validator.validate(host: "127.0.0.2", chain: chain, at: Date()).rejection == .hostnameMismatch)
    }
}
