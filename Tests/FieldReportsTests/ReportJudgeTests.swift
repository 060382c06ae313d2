import FieldReports
import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing

@Suite("FieldReports: each report judged with the core under its release's pins")
struct ReportJudgeTests {
    let pki = ReportBodies.pki
    let reader = FieldReportReader()

    /// Release 4.1 pins the good leaf's key; release 5.0 pins the rotated leaf's; the working manifest pins the CA.
    var judge: ReportJudge {
        let host = pki.host
        func manifest(_ pinned: IssuedCertificate, mode: EnforcementMode = .enforce) -> PinManifest {
            PinManifest(domains: [
                DomainPolicy(host: host, mode: mode, pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(pinned))])
            ])
        }
        return ReportJudge(
            manifest: manifest(pki.intermediate),
            releases: [
                Release(name: "4.1", manifest: manifest(pki.good.leaf)),
                Release(name: "v5.0", manifest: manifest(pki.rotated.leaf)),
                Release(name: "6.0", manifest: manifest(pki.good.leaf, mode: .reportOnly)),
            ],
            trustAnchors: TrustAnchors(certificates: [pki.root.certificate]))
    }

    func judged(
        _ object: [String: Any], judge: ReportJudge? = nil, cached: Bool = true
    ) async throws
        -> ReportJudgement
    {
        let report = try #require(try reader.read(ReportBodies.bytes(object)).first)
        return await (judge ?? self.judge).judge(report, at: Date(), cached: cached)
    }

    @Test("A trusted chain the release's pins reject is a lockout of that release")
    func lockout() async throws {
        let judgement = try await judged(ReportBodies.trustKitIOS(chain: pki.rotated.full, version: "4.1"))
        #expect(judgement.kind == .lockout)
        #expect(judgement.reason == .pinsReject)
        #expect(judgement.release == "4.1")
        let reportOnly = try await judged(ReportBodies.trustKitIOS(chain: pki.rotated.full, version: "6.0"))
        #expect(reportOnly.kind == .lockout)
        #expect(reportOnly.reason == .reportOnlyPinsReject)
    }

    @Test("The version maps to its release (or v and the version): 5.0 pins the rotated key, so it is accepted")
    func releaseMapping() async throws {
        let judgement = try await judged(
            ReportBodies.trustKitIOS(
                chain: pki.rotated.full, version: "5.0", knownPins: ReportBodies.pins([pki.rotated.leaf])))
        #expect(judgement.release == "v5.0")
        #expect(judgement.kind == .clientFault)
        #expect(judgement.reason == .acceptedHere)
        let unknown = try await judged(ReportBodies.trustKitIOS(chain: pki.rotated.full, version: "9.9"))
        #expect(unknown.release == nil)
        // The working manifest pins the CA, which the rotated chain still has.
        #expect(unknown.kind == .clientFault)
    }

    @Test("A chain to a root outside the trust store is an interception naming its issuer")
    func interception() async throws {
        let judgement = try await judged(ReportBodies.trustKitIOS(chain: pki.impostor.presented))
        #expect(judgement.kind == .interception)
        #expect(judgement.reason == .untrustedRoot)
        #expect(judgement.issuer?.contains("PinBench Test Root") == true)
    }

    @Test("Accepted here: the device's clock, the app's other pins, or a stale trust store")
    func clientFaults() async throws {
        let clock = try await judged(
            ReportBodies.trustKitIOS(
                chain: pki.good.full, time: "2019-01-01T00:00:00Z",
                knownPins: ReportBodies.pins([pki.good.leaf])))
        #expect(clock.kind == .clientFault)
        #expect(clock.reason == .deviceClock)
        let differ = try await judged(
            ReportBodies.trustKitIOS(chain: pki.good.full, knownPins: ReportBodies.pins([pki.root])))
        #expect(differ.reason == .knownPinsDiffer)
        let accepted = try await judged(
            ReportBodies.trustKitIOS(chain: pki.good.full, knownPins: ReportBodies.pins([pki.good.leaf])))
        #expect(accepted.reason == .acceptedHere)
    }

    @Test("Other rejections name the core's reason; no chain or an unreadable one is unjudgeable")
    func invalidAndUnjudgeable() async throws {
        let expired = try await judged(ReportBodies.trustKitIOS(chain: pki.expired.full))
        #expect(expired.kind == .invalidChain)
        #expect(expired.rejection == .expired)
        let wrongHost = try await judged(ReportBodies.trustKitIOS(chain: pki.wrongHost.full))
        #expect(wrongHost.rejection == .hostnameMismatch)
        var none = ReportBodies.trustKitIOS(chain: [])
        none["validated-certificate-chain"] = nil
        let noChain = try await judged(none)
        #expect(noChain.kind == .unjudgeable)
        #expect(noChain.reason == .noChain)
        var notX509 = ReportBodies.trustKitIOS(chain: [])
        // Base64 of a DER SEQUENCE that is not a certificate: the reader takes it, the judge cannot parse it.
        notX509["validated-certificate-chain"] = [
            "-----BEGIN CERTIFICATE-----\nMAMCAQE=\n-----END CERTIFICATE-----"
        ]
        let unreadable = try await judged(notX509)
        #expect(unreadable.kind == .unjudgeable)
        #expect(unreadable.reason == .unreadableChain)
    }

    @Test("The chain cache never changes a judgement: cached and plain agree on varied reports")
    func cacheAgreesWithPlainPath() async throws {
        let judge = self.judge
        let chains = [pki.good.full, pki.rotated.full, pki.impostor.presented, pki.expired.full, pki.wrongHost.full]
        let versions = ["4.1", "5.0", "6.0", "7.0"]
        let times = [ReportBodies.now, "2019-01-01T00:00:00Z"]
        let pinSets = [ReportBodies.pins([pki.good.leaf]), ReportBodies.pins([pki.rotated.leaf]), []]
        var compared = 0
        for round in 0..<2 {
            for chain in chains {
                for version in versions {
                    for time in times {
                        for pins in pinSets {
                            let body = ReportBodies.trustKitIOS(
                                chain: chain, version: version, time: time, knownPins: pins)
                            let cached = try await judged(body, judge: judge, cached: true)
                            let plain = try await judged(body, judge: judge, cached: false)
                            #expect(cached == plain, "round \(round) version \(version) time \(time)")
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared == 240)
        #expect(judge.cacheStatistics.hits > 0)
    }

    @Test(
        "A trust anchor that expires within the hour is not kept through: a chain without it is rejected after")
    func anchorExpiringWithinTheHour() async throws {
        let hourStart = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 3_600).rounded(.down) * 3_600)
        let root = try CertificateIssuer.root(
            commonName: "Expiring Root", notBefore: hourStart.addingTimeInterval(-86_400),
            notAfter: hourStart.addingTimeInterval(1_800))
        let leaf = try CertificateIssuer.leaf(
            commonName: pki.host, dnsNames: [pki.host], issuer: root, notBefore: hourStart.addingTimeInterval(-3_600),
            notAfter: hourStart.addingTimeInterval(86_400))
        let judge = ReportJudge(
            manifest: PinManifest(), releases: [], trustAnchors: TrustAnchors(certificates: [root.certificate]))
        // The served chain is the leaf alone, as Android and RFC 7469 reports send it: the root is not in it.
        let report = FieldReport(format: .rfc7469, host: pki.host, servedChain: .certificates([leaf.der]))
        let before = await judge.judge(report, at: hourStart.addingTimeInterval(600))
        #expect(before.kind == .clientFault)
        let after = await judge.judge(report, at: hourStart.addingTimeInterval(2_400))
        let plain = await judge.judge(report, at: hourStart.addingTimeInterval(2_400), cached: false)
        #expect(after == plain)
        #expect(after.kind != .clientFault)
    }

    @Test("The dedupe key: the same report twice is one key; another version or judgement is another")
    func dedupeKey() async throws {
        let body = ReportBodies.trustKitIOS(chain: pki.rotated.full, version: "4.1")
        let report = try #require(try reader.read(ReportBodies.bytes(body)).first)
        let judgement = await judge.judge(report, at: Date())
        let again = try #require(try reader.read(ReportBodies.bytes(body)).first)
        #expect(ReportKey.key(report, judgement: judgement) == ReportKey.key(again, judgement: judgement))
        var other = report
        other.appVersion = "4.2"
        #expect(ReportKey.key(report, judgement: judgement) != ReportKey.key(other, judgement: judgement))
        var otherChain = report
        otherChain.validatedChain = .certificates(pki.good.full.map(\.der))
        #expect(ReportKey.key(report, judgement: judgement) != ReportKey.key(otherChain, judgement: judgement))
    }
}
