import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing
import X509

/// The Let's Encrypt-style cross-sign: one root key reached through a self-signed root (for clients that trust it)
/// and through a cross-signed certificate under an older root (for clients that trust only that). Releases pin the
/// root's key, the self-signed root's certificate, or the old root's key; on each path, the forecast's cells for
/// current, issuer-rotation and root-only must be what the validator decides on those scenarios issued for real.
@Suite("Forecast: a cross-signed root, two paths")
struct ForecastCrossSignTests {
    static let host = "cross.pinbench.test"

    static func releases(_ pki: CrossSignedRoot) -> [Release] {
        func release(_ name: String, _ pin: Pin) -> Release {
            Release(name: name, share: 10, manifest: PinManifest(domains: [DomainPolicy(host: host, pins: [pin])]))
        }
        return [
            release("root-key", Pin(type: .spkiSHA256, value: Fingerprint.spkiPin(pki.root.certificate))),
            release("root-cert", Pin(type: .certSHA256, value: Fingerprint.sha256Base64(pki.root.der))),
            release("old-root-key", Pin(type: .spkiSHA256, value: Fingerprint.spkiPin(pki.oldRoot.certificate))),
        ]
    }

    /// Each scenario issued for real on the path through the old root (`viaOldRoot`) or the new one: a sibling
    /// intermediate of the same root key for issuer-rotation (the cross-sign stays, as it did when Let's Encrypt
    /// moved between its intermediates), a new leaf key under a new intermediate of the path's root for root-only.
    static func realised(
        _ scenario: Scenario, _ pki: CrossSignedRoot, viaOldRoot: Bool
    ) throws -> [ChainCertificate] {
        switch scenario {
        case .issuerRotation:
            let leaf = try CrossSignedRoot.leaf(host: host, key: pki.leaf.key, issuer: pki.sibling)
            return pki.served(leaf: leaf, issuer: pki.sibling, viaOldRoot: viaOldRoot).map(\.chainCertificate)
        case .rootOnly:
            let pathRoot = viaOldRoot ? pki.oldRoot : pki.root
            let issuer = try CertificateIssuer.intermediate(commonName: "Another CA", issuer: pathRoot)
            let leaf = try CrossSignedRoot.leaf(host: host, key: LabKey(.p256), issuer: issuer)
            return [leaf, issuer].map(\.chainCertificate)
        default:
            return pki.served(leaf: pki.leaf, issuer: pki.intermediate, viaOldRoot: viaOldRoot).map(\.chainCertificate)
        }
    }

    /// What each release gets on each path, stated once: the root's key holds on both paths (the cross-signed
    /// certificate carries it), the self-signed root's certificate only where it is the anchor, the old root's key
    /// only on the old path, and nothing but the old root's key once only that root stays.
    static let expected: [Bool: [Scenario: [String]]] = [
        false: [
            .current: ["accepted", "accepted", "locked-out"],
            .issuerRotation: ["accepted", "accepted", "locked-out"],
            .rootOnly: ["accepted", "accepted", "locked-out"],
        ],
        true: [
            .current: ["accepted", "locked-out", "accepted"],
            .issuerRotation: ["accepted", "locked-out", "accepted"],
            .rootOnly: ["locked-out", "locked-out", "accepted"],
        ],
    ]

    /// The cell's word as the JSON writes it.
    static func word(_ cell: ForecastCell?) -> String { cell?.outcome ?? "not stated" }

    @Test(
        "current, issuer-rotation and root-only on either path: the forecast is the validator's verdict",
        arguments: [false, true])
    func bothPaths(viaOldRoot: Bool) async throws {
        let pki = try CrossSignedRoot(host: Self.host)
        let anchors = TrustAnchors(certificates: [viaOldRoot ? pki.oldRoot.certificate : pki.root.certificate])
        let releases = Self.releases(pki)
        let current = try Self.realised(.current, pki, viaOldRoot: viaOldRoot)
        let forecast = await ForecastJudge(trustAnchors: anchors).forecast(
            host: Self.host, releases: releases, current: current, at: Date())
        // The verified path today: through the cross-signed certificate to the old root, or straight to the root.
        #expect(forecast.today?.levels.count == (viaOldRoot ? 4 : 3))
        for scenario in [Scenario.current, .issuerRotation, .rootOnly] {
            let chain = try Self.realised(scenario, pki, viaOldRoot: viaOldRoot)
            var validated: [String] = []
            for (index, release) in releases.enumerated() {
                let verdict = await PinValidator(manifest: release.manifest, trustAnchors: anchors)
                    .validate(host: Self.host, chain: chain, at: Date())
                validated.append(Self.word(ForecastCell(verdict)))
                #expect(
                    Self.word(forecast.cell(release: index, scenario)) == validated.last,
                    "\(viaOldRoot ? "old" : "new") path, \(scenario.rawValue) × \(release.name): \(verdict.statement)")
            }
            #expect(validated == Self.expected[viaOldRoot]?[scenario], "\(scenario.rawValue)")
        }
    }

    @Test("when the cross-sign expires, a sibling intermediate is no way out: only another path or another CA")
    func crossSignExpiry() async throws {
        let now = Date()
        let pki = try CrossSignedRoot(host: Self.host, crossSignedUntil: now.addingTimeInterval(60 * 86_400))
        let releases = Self.releases(pki)
        let current = try Self.realised(.current, pki, viaOldRoot: true)
        let forecast = await ForecastJudge(trustAnchors: TrustAnchors(certificates: [pki.oldRoot.certificate]))
            .forecast(host: Self.host, releases: releases, current: current, at: now)
        let today = try #require(forecast.today)
        let events = ForecastEvent.events(
            host: Self.host, releases: releases, today: today, from: now, until: now.addingTimeInterval(90 * 86_400))
        let expiry = try #require(events.first { $0.trigger == .issuerExpires(level: 2) })
        #expect(expiry.lockouts.map(\.scenario) == [.caSwitch, .rootOnly])
        // Every way out then locks out a release pinning only the root key, or only the old root's key.
        #expect(expiry.unavoidable.map(\.name) == ["root-key", "root-cert"])
        let advice = ForecastAdvice.advise(
            candidate: releases[0].manifest.domains.first, today: today, at: now, leadTimeDays: 0)
        let rotation = try #require(advice.first { $0.scenario == .issuerRotation })
        // Forced by the issuing intermediate's expiry, not by the cross-sign's earlier one.
        #expect(rotation.shipBy == pki.intermediate.certificate.notValidAfter)
    }
}
