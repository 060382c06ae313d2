import ClientModels
import Foundation
import ManifestEditing
import PinForecast
import PinningCore
import X509

@testable import Workbench

/// Fixed certificates and a small manifest for message-sequence tests and golden screens; see Fixtures/README.md.
enum WorkbenchFixture {
    static let now = ISO8601DateFormatter().date(from: "2026-11-22T10:00:00Z")!
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func chain(_ name: String) -> [ChainCertificate] {
        try! CertificateChainDecoder.decode(contentsOf: directory.appendingPathComponent(name))
    }

    static let good = chain("good-chain.pem")
    static let mitm = chain("mitm-chain.pem")
    static let evil = chain("evil-chain.pem")
    static let root = chain("root.pem").compactMap(\.certificate)

    /// The chain each fixture host serves.
    static let served: [String: [ChainCertificate]] = [
        "good.pinbench.test": good, "mitm.pinbench.test": mitm, "evil.pinbench.test": evil,
    ]

    /// good (not pinned yet), mitm (pinned to good's leaf key and CA key), evil (not pinned), offline (never
    /// answers), in that order once sorted: evil, good, mitm, offline.
    static func manifest() -> PinManifest {
        let goodLeaf = CertificateDetails(good[0])
        let goodCA = CertificateDetails(good[1])
        return PinManifest(domains: [
            DomainPolicy(host: "good.pinbench.test"),
            DomainPolicy(
                host: "mitm.pinbench.test",
                pins: [
                    Pin(certificate: goodLeaf, level: 0, type: .spkiSHA256, added: now),
                    Pin(certificate: goodCA, level: 1, type: .spkiSHA256, role: .backup, added: now),
                ]),
            DomainPolicy(host: "evil.pinbench.test"),
            DomainPolicy(host: "offline.pinbench.test", port: 8443),
        ])
    }

    /// A document as if loaded from `url` (text as on disk), so it starts clean.
    static func document(
        _ manifest: PinManifest = manifest(), url: URL = URL(fileURLWithPath: "/tmp/pinbench-fixture/pins.json")
    )
        -> ManifestDocument
    {
        let text = String(decoding: ManifestCodec.encode(manifest), as: UTF8.self)
        return ManifestDocument(manifest: manifest, url: url, loadedFingerprint: "fixture", loadedText: text)
    }

    static func state(size: Size = Size(width: 100, height: 30), manifest: PinManifest = manifest()) -> WorkbenchState {
        WorkbenchState(
            document: document(manifest), size: size, now: now, themeName: "default",
            themeNames: ThemeCatalog.shipped.themes.map(\.name))
    }

    /// Runs effects as a backend would, with fixture chains for fetches and the real PinValidator for verdicts;
    /// returns the effects it does not run (save, quit).
    @discardableResult
    static func run(_ effects: [Effect], on state: inout WorkbenchState) async -> [Effect] {
        var pending = effects
        var left: [Effect] = []
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .fetch(let requests):
                for request in requests {
                    pending += state.apply(.fetchStarted(host: request.host))
                    let result: Result<FetchedChain, FetchFailure> =
                        served[request.host].map {
                            .success(FetchedChain(certificates: $0, fetchedAt: now))
                        }
                        ?? .failure(FetchFailure(.connectionRefused, detail: "connection refused"))
                    pending += state.apply(.fetchCompleted(host: request.host, result: result))
                }
            case .validate(let host, let chain, let manifest, let revocation, let generation):
                let validator = PinValidator(manifest: manifest, trustAnchors: TrustAnchors(certificates: root))
                let verdict = await validator.validate(host: host, chain: chain, at: now, revocation: revocation)
                let clientTrust = await ClientStackTrust.evaluate(verdict, chain: chain, validator: validator, at: now)
                let summary = VerdictSummary(
                    verdict, sent: chain.map(CertificateDetails.init), clientTrust: clientTrust)
                pending += state.apply(.validated(host: host, verdict: summary, generation: generation))
            case .forecast(let request):
                let judge = ForecastJudge(trustAnchors: TrustAnchors(certificates: root))
                pending += state.apply(.forecastComputed(await ForecastOutlook.compute(request, judge: judge)))
            case .save, .quit, .suspend, .output, .generateBackupKey, .recovery:
                left.append(effect)
            }
        }
        return left
    }

    /// Sends keys one by one, running effects between them.
    @discardableResult
    static func press(_ keys: [Key], on state: inout WorkbenchState) async -> [Effect] {
        var left: [Effect] = []
        for key in keys {
            left += await run(state.apply(.key(key)), on: &state)
        }
        return left
    }

    static func type(_ text: String) -> [Key] { text.map { Key.character($0) } }
}
