import Foundation
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// `lint`'s run: the lockout guard with the served chains judged only when given with their anchors, the disk's
/// facts about the trust anchors, and the clients' rules.
@Suite("Lint run")
struct LintRunTests {
    let pki = Fixtures.pki
    let folder = TemporaryFolder()

    /// Two pins (an active and a backup) that match nothing the lab serves, and a trust anchor file that is not there.
    var document: ManifestDocument {
        let domain = DomainPolicy(
            host: pki.host,
            pins: [Fixtures.pin(Fixtures.unrelatedPin), Fixtures.pin(Fixtures.unrelatedPin, role: .backup)])
        let manifest = PinManifest(trustAnchors: ["absent.pem"], domains: [domain])
        return ManifestDocument(
            manifest: manifest, url: folder.url.appendingPathComponent("pins.json"), loadedFingerprint: nil)
    }

    @Test("served chains judged with the anchors given: pins that match nothing served are a warning")
    func served() async {
        let anchors = TrustAnchors(certificates: [pki.root.certificate])
        let findings = await LintRun(
            document: document, served: [(pki.host, pki.good.presentedChain)], anchors: anchors, clients: []
        ).run(at: Date())
        #expect(findings.map(\.rule).contains(.pinsMatchNothingServed))
        #expect(findings.map(\.rule).contains(.missingTrustAnchor))
    }

    @Test("no chain given: nothing is compared with a served chain; the disk's findings remain")
    func notServed() async {
        let rules = await LintRun(document: document, served: [], anchors: nil, clients: []).run(at: Date()).map(\.rule)
        #expect(!rules.contains(.pinsMatchNothingServed))
        #expect(rules.contains(.missingTrustAnchor))
    }
}
