import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing
import X509

/// The forecast's model against the real thing: every synthesised scenario is also issued as a real chain, and for
/// every release the forecast's cell must equal the whole validator's verdict on that chain.
@Suite("Forecast: synthesised scenarios agree with the validator on realised chains")
struct ForecastDifferentialTests {
    static let host = ForecastWorld.host

    @Test("every synthesised scenario and every release: the forecast's cell is the validator's verdict")
    func synthesisedMatchesRealised() async throws {
        let world = try ForecastWorld()
        let releases = world.releases()
        let judge = ForecastJudge(trustAnchors: world.anchors)
        let forecast = await judge.forecast(host: Self.host, releases: releases, current: world.current, at: Date())
        #expect(forecast.scenarios == [.current] + Scenario.synthesised)
        // The releases are chosen so that every kind of cell occurs: the comparison below cannot pass vacuously.
        let kinds = Set(
            forecast.cells.joined().map { cell -> String in
                switch cell {
                case .accepted: return "accepted"
                case .lockedOut: return "locked out"
                case .lapsed: return "lapsed"
                case .reportOnly: return "report-only"
                case .notPinned: return "not pinned"
                case .refused: return "refused"
                }
            })
        #expect(kinds == ["accepted", "locked out", "lapsed", "report-only", "not pinned"])
        for scenario in Scenario.synthesised {
            let chain = try #require(try world.realised(scenario))
            for (index, release) in releases.enumerated() {
                let verdict = await PinValidator(manifest: release.manifest, trustAnchors: world.anchors)
                    .validate(host: Self.host, chain: chain, at: Date())
                let expected = ForecastCell.init(verdict)
                #expect(
                    forecast.cell(release: index, scenario) == expected,
                    "\(scenario.rawValue) × \(release.name): \(verdict.statement)")
            }
        }
    }

    @Test("a planned chain is judged by the whole validator, as the realised scenario it is")
    func plannedChain() async throws {
        let world = try ForecastWorld()
        let releases = world.releases()
        let planned = try #require(try world.realised(.renewalNewKey))
        let forecast = await ForecastJudge(trustAnchors: world.anchors).forecast(
            host: Self.host, releases: releases, current: world.current, planned: planned, at: Date())
        for index in releases.indices {
            #expect(forecast.cell(release: index, .planned) == forecast.cell(release: index, .renewalNewKey))
        }
        // The leaf-key-only and leaf-certificate releases lock out on a new key; the CA, root and backup ones hold.
        let locked = Set(forecast.lockedOut(.planned).map(\.name))
        #expect(locked == ["leaf-key", "leaf-cert", "leaf-key-as-ca", "root-cert-leaf-position"])
        #expect(forecast.installsLockedOut(.planned, shipped: forecast.releases.count).percent == 40)
    }
}
