import Foundation
import LabPKI
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// The diff's lockout judgement with each side's trust, `includeSubdomains` policies and untrusted chains: real
/// chains through the validator, as `pinbench diff` judges them.
@Suite("Manifest diff lockout judgement across both sides")
struct ManifestDiffLockoutTests {
    let pki = Fixtures.pki
    let now = Date()

    /// `chain` as `host` serves it, judged by each side's validator (`anchorsBefore`/`anchorsAfter`: none but the
    /// test root by default).
    func evidence(
        _ chain: [ChainCertificate], host: String, old: PinManifest, new: PinManifest,
        anchorsBefore: [IssuedCertificate] = [], anchorsAfter: [IssuedCertificate] = []
    ) async -> ServedEvidence {
        func judge(_ manifest: PinManifest, _ anchors: [IssuedCertificate]) async -> ServedEvidence.Judgement {
            let verdict = await Fixtures.validator(manifest, anchors: anchors).validate(
                host: host, chain: chain, at: now)
            return ServedEvidence.Judgement(presented: chain, verdict: verdict)
        }
        return ServedEvidence(before: await judge(old, anchorsBefore), after: await judge(new, anchorsAfter))
    }

    /// A domain pinning the good leaf with an outside backup.
    func domain(_ host: String, includeSubdomains: Bool = false) -> DomainPolicy {
        DomainPolicy(
            host: host, includeSubdomains: includeSubdomains,
            pins: [
                Fixtures.pin(Fixtures.spki(pki.good.leaf)), Fixtures.pin(Fixtures.unrelatedPin, role: .backup),
            ])
    }

    @Test("dropping the trust anchor the served chain needs is a lockout, though no domain changed")
    func droppedAnchor() async throws {
        let old = PinManifest(trustAnchors: ["root.pem"], domains: [domain(pki.host)])
        var new = old
        new.trustAnchors = []
        let served = await evidence(
            pki.good.presentedChain, host: pki.host, old: old, new: new, anchorsBefore: [pki.root])
        let diff = ManifestDiff(from: old, to: new)
        let assessment = diff.lockoutRisks(from: old, to: new, served: [pki.host: served], now: now)
        let risk = try #require(assessment.introduced.first)
        #expect(assessment.introduced.count == 1)
        #expect(risk.kind == .trustAnchorDropped)
        #expect(risk.trustAnchorsDropped == ["root.pem"])
        #expect(risk.trustFailure == .untrustedChain)
        #expect(risk.host == pki.host && risk.servedHost == pki.host)
        #expect(diff.lines(assessment: assessment).map(\.text).contains { $0.contains("root.pem, which the change") })
        // Kept by the new side (here: in both sides' anchors), nothing is at risk.
        let kept = await evidence(
            pki.good.presentedChain, host: pki.host, old: old, new: new, anchorsBefore: [pki.root],
            anchorsAfter: [pki.root])
        #expect(!diff.lockoutRisks(from: old, to: new, served: [pki.host: kept], now: now).isRisky)
    }

    @Test("a served chain that fails default trust says so; one untrusted before too does not fail the change")
    func untrustedChain() async throws {
        let old = PinManifest(domains: [domain(pki.host)])
        var new = old
        new.domains[0].pins[0].note = "renamed"
        let untrusted = await evidence(pki.impostor.presentedChain, host: pki.host, old: old, new: new)
        let assessment = ManifestDiff(from: old, to: new).lockoutRisks(
            from: old, to: new, served: [pki.host: untrusted], now: now)
        let trust = try #require(assessment.risks.first { $0.kind == .servedChainUntrusted })
        #expect(trust.alsoBefore)
        #expect(trust.trustFailure == .untrustedChain)
        #expect(trust.message.contains("fails default trust"))
        // A new domain whose chain is trusted only before (other anchors on each side) brings the risk in.
        let added = PinManifest(domains: [domain(pki.host)])
        let newlyUntrusted = await evidence(
            pki.good.presentedChain, host: pki.host, old: PinManifest(), new: added, anchorsBefore: [pki.root])
        let brought = ManifestDiff(from: PinManifest(), to: added).lockoutRisks(
            from: PinManifest(), to: added, served: [pki.host: newlyUntrusted], now: now)
        #expect(brought.introduced.map(\.kind).contains(.servedChainUntrusted))
    }

    @Test("a subdomain's served chain is judged under the includeSubdomains policy that governs it")
    func subdomainUnderParentPolicy() async throws {
        let subdomain = "www." + pki.host
        let old = PinManifest(domains: [domain(pki.host, includeSubdomains: true)])
        var new = old
        new.domains[0].pins[0] = Fixtures.pin(Fixtures.spki(pki.impostor.leaf))
        let served = await evidence(
            pki.good.presentedChain, host: subdomain, old: old, new: new, anchorsBefore: [pki.root],
            anchorsAfter: [pki.root])
        let diff = ManifestDiff(from: old, to: new)
        let assessment = diff.lockoutRisks(from: old, to: new, served: [subdomain: served], now: now)
        let risk = try #require(assessment.introduced.first)
        #expect(risk.kind == .pinsMatchNothingServed)
        #expect(risk.host == pki.host && risk.servedHost == subdomain)
        #expect(assessment.unchecked.isEmpty)
        #expect(diff.lines(assessment: assessment).map(\.text).contains { $0.contains("(as \(subdomain) serves it") })
        // Without includeSubdomains the subdomain is not governed: nothing judged, the domain unchecked.
        var exact = new
        exact.domains[0].includeSubdomains = false
        let ungoverned = ManifestDiff(from: old, to: exact).lockoutRisks(
            from: old, to: exact, served: [subdomain: served], now: now)
        #expect(ungoverned.unchecked == [pki.host])
        #expect(!ungoverned.risks.contains { $0.servedHost != nil })
    }
}
