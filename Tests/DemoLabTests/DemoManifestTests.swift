import DemoLab
import Foundation
import PinningCore
import Testing
import X509

/// The demo manifest judged by the core over each scenario's served chain, with only the lab root trusted: the
/// verdicts the demo promises at first sight.
@Suite("The demo manifest's verdicts")
struct DemoManifestTests {
    /// One lab for the suite: the verdicts need its PKI, not its port, so it is stopped at once.
    static let lab: RunningLab = {
        let lab = try! RunningLab.start()
        lab.stop()
        return lab
    }()

    var lab: RunningLab { Self.lab }
    var manifest: PinManifest { lab.demoManifest(rootAnchorPath: "lab-root.pem") }

    func verdict(_ kind: LabScenario, anchors extra: [Certificate] = []) async -> Verdict {
        let validator = PinValidator(manifest: manifest, trustAnchors: TrustAnchors(certificates: [lab.root] + extra))
        let scenario = lab.scenario(kind)
        // As a client that asked for a staple: the lab staples its own OCSP responses (good and revoked).
        let evidence = scenario.stapledOCSPResponse.map { RevocationEvidence.ocspResponse($0, source: .staple) }
        return await validator.validate(
            host: scenario.host, chain: scenario.servedCertificates.map(ChainCertificate.init), at: Date(),
            revocation: evidence ?? .none(.noStaple))
    }

    /// What each scenario must come to, stated once for all of them.
    static let expected: [LabScenario: (Verdict.Outcome, Verdict.Rejection?)] = [
        .good: (.accepted, nil),
        .rotated: (.accepted, nil),
        .mitm: (.rejected, .untrustedChain),
        .expired: (.rejected, .expired),
        .wrongHost: (.rejected, .hostnameMismatch),
        .selfSigned: (.rejected, .untrustedChain),
        .incomplete: (.rejected, .untrustedChain),
        .weak: (.notPinned, nil),
        .slow: (.notPinned, nil),
        // The chain is valid and pinned: the pin verdict accepts it. ATS, a separate verdict, refuses TLS 1.1.
        .tls11: (.accepted, nil),
        // Pinned and trusted, but its stapled OCSP response says revoked.
        .revoked: (.rejected, .revoked),
        // CT is reported here, not required (TransparencyTests and the CLI's --require-ct cover the rejection).
        .ctLogged: (.accepted, nil),
        .noSCT: (.accepted, nil),
        // Today's chain, pinned on its leaf key and the lab root's key.
        .rotating: (.accepted, nil),
    ]

    @Test("every scenario's verdict", arguments: LabScenario.allCases)
    func verdicts(_ kind: LabScenario) async throws {
        let (outcome, rejection) = try #require(Self.expected[kind])
        let verdict = await verdict(kind)
        #expect(verdict.outcome == outcome, "\(kind): \(verdict.report)")
        #expect(verdict.rejection == rejection, "\(kind): \(verdict.report)")
    }

    @Test("the manifest: every scenario dials the lab; the pinned ones enforce, the rest are report-only")
    func manifestShape() {
        #expect(manifest.trustAnchors == ["lab-root.pem"])
        #expect(manifest.domains.map(\.host) == lab.scenarios.map(\.host))
        for domain in manifest.domains {
            #expect(domain.connect == lab.endpoint)
            #expect(domain.port == 443)
            #expect(domain.mode == (domain.pins.count >= 2 ? .enforce : .reportOnly), "\(domain.host)")
        }
        let enforced = manifest.domains.filter { $0.mode == .enforce }.map(\.host)
        #expect(
            enforced
                == [.good, .rotated, .mitm, .expired, .wrongHost, .tls11, .revoked, .ctLogged, .noSCT, .rotating].map {
                    lab.scenario($0).host
                })
    }

    @Test("good is accepted on the lab root's key, the active pin")
    func goodOnTheRoot() async throws {
        let match = try #require(await verdict(.good).matchedPin)
        #expect(match.level == 2)
        #expect(match.pin.role == .active)
        #expect(match.pin.type == .spkiSHA256)
        #expect(match.pin.value == CertificateDetails(lab.root).spkiPin)
    }

    @Test("rotated is accepted via its BACKUP pin: the new leaf key, the old one no longer matching")
    func rotatedOnTheBackup() async throws {
        let verdict = await verdict(.rotated)
        let match = try #require(verdict.matchedPin)
        #expect(match.level == 0)
        #expect(match.pin.role == .backup)
        #expect(match.pin.value == CertificateDetails(lab.scenario(.rotated).servedCertificates[0]).spkiPin)
        let active = try #require(verdict.policy?.pins.first { $0.role == .active })
        #expect(active.value != match.pin.value)
        #expect(verdict.explanation.contains { $0.contains("BACKUP") })
    }

    @Test("mitm is rejected as an impostor chain; if its CA were trusted, the pins would still reject it")
    func mitm() async throws {
        let untrusted = await verdict(.mitm)
        #expect(untrusted.explanation.contains { $0.contains("impostor") }, "\(untrusted.report)")
        // A device that trusts the attacker's CA (an installed profile): default trust passes, the pins do not.
        let fakeIntermediate = lab.scenario(.mitm).servedCertificates[1]
        let trusted = await verdict(.mitm, anchors: [fakeIntermediate])
        #expect(trusted.outcome == .rejected)
        #expect(trusted.rejection == .pinMismatch)
    }
}
