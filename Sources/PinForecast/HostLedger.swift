import Foundation
import PinningCore

/// One host's part of a ``FleetForecast``: how each scenario's path is judged, and the rows found so far.
struct HostLedger: Sendable {
    struct Row: Sendable {
        var cells: [ForecastCell]
        /// The first policy that gave these cells; nil when no release pins the host.
        var policy: DomainPolicy?
    }

    let host: String
    let scenarios: [Scenario]
    /// How each scenario's cells are judged, in the order of ``scenarios``.
    let columns: [RealChainTrust]
    let today: PathPins?
    let todayRefusal: Verdict.Rejection?
    var rows: [Row] = []
    var rowOfRelease: [UInt16] = []
    /// For each release, its policy's pin set in the fleet's ``FleetForecast`` numbering (0: no policy). Rows merge
    /// releases whose cells agree on today's scenarios; the calendar judges paths no scenario holds, so it needs each
    /// release's own pins.
    var pinSetOfRelease: [UInt32] = []

    init(host: String, current: RealChainTrust?, planned: RealChainTrust?) {
        self.host = host
        var scenarios: [Scenario] = []
        var columns: [RealChainTrust] = []
        if let current {
            scenarios.append(.current)
            columns.append(current)
        }
        if let planned {
            scenarios.append(.planned)
            columns.append(planned)
        }
        today = current?.path
        todayRefusal = current?.refusal
        if let today {
            for scenario in Scenario.synthesised {
                // A synthesised path is judged as a trusted one: it stands for a publicly trusted chain.
                guard let path = ScenarioSynthesis.path(scenario, from: today) else { continue }
                scenarios.append(scenario)
                columns.append(.trusted(path))
            }
        }
        self.scenarios = scenarios
        self.columns = columns
    }

    /// Adds a release whose policy for the host is `policy`, judged `cells` on ``columns``.
    mutating func add(_ policy: DomainPolicy?, cells: [ForecastCell]) {
        // Rows are told apart by their cells and the day the policy lapses: the only date a pin's verdict turns on.
        // A row is added only when none matches, so at most one does.
        let row =
            rows.lastIndex { $0.cells == cells && $0.policy?.expires == policy?.expires }
            ?? {
                rows.append(Row(cells: cells, policy: policy))
                return rows.count - 1
            }()
        rowOfRelease.append(UInt16(row))
    }
}
