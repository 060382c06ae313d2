import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing

/// The forecast's JSON (for `--json` and dashboards): the whole matrix, read back with JSONSerialization.
@Suite("Forecast: JSON")
struct ForecastJSONTests {
    @Test("every release's cell under every scenario, and the locked-out share per scenario")
    func matrix() async throws {
        let world = try ForecastWorld()
        let releases = world.releases()
        let forecast = await ForecastJudge(trustAnchors: world.anchors).forecast(
            host: ForecastWorld.host, releases: releases, current: world.current, at: Date())
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let object = try #require(
            try JSONSerialization.jsonObject(with: CanonicalJSON.encode(forecast, encoder: encoder)) as? [String: Any])
        #expect(object["host"] as? String == ForecastWorld.host)
        #expect(object["scenarios"] as? [String] == forecast.scenarios.map(\.rawValue))
        let rows = try #require(object["releases"] as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == releases.map(\.name))
        for (index, row) in rows.enumerated() {
            let cells = try #require(row["cells"] as? [String: [String: Any]])
            for scenario in forecast.scenarios {
                let cell = try #require(forecast.cell(release: index, scenario))
                #expect(cells[scenario.rawValue]?["outcome"] as? String == cell.outcome)
                #expect(cells[scenario.rawValue]?["connects"] as? Bool == cell.connects)
            }
        }
        let lockedOut = try #require(object["lockedOut"] as? [String: [String: Any]])
        for scenario in forecast.scenarios {
            let lockout = forecast.installsLockedOut(scenario, shipped: releases.count)
            #expect(lockedOut[scenario.rawValue]?["percent"] as? Double == lockout.percent)
            #expect(
                lockedOut[scenario.rawValue]?["releases"] as? [String] == forecast.lockedOut(scenario).map(\.name))
        }
    }
}
