import PinningCore

/// One pinned domain's forecast: every release judged under every scenario that could be stated for it.
public struct DomainForecast: Hashable, Sendable {
    public let host: String
    /// The releases in the order given (the candidate next release included, when the caller adds it).
    public let releases: [Release]
    /// The scenarios that could be stated: a synthesised one needs today's verified path, `planned` a planned chain.
    public let scenarios: [Scenario]
    /// The distinct rows of cells, one per distinct policy the releases ship for the domain: the memory of a
    /// forecast grows with the distinct pin sets, not with releases x scenarios.
    let rows: [[ForecastCell]]
    /// For each release, the index of its row in ``rows``.
    let rowOfRelease: [Int]
    /// The pins of today's verified path, when the current chain reached a trust anchor: what the synthesised
    /// scenarios, the dates ahead (``ForecastEvent``) and the advice (``ForecastAdvice``) start from.
    public let today: PathPins?
    /// Why the validator refused today's chain (typed, never read from its words), when one was given and gave no
    /// verified path: nothing can be made from it, and the forecast says why.
    public let todayRefusal: Verdict.Rejection?

    /// `cells[release][scenario]`, in the orders of ``releases`` and ``scenarios``.
    public var cells: [[ForecastCell]] { rowOfRelease.map { rows[$0] } }

    /// The cells of release `index`, in the order of ``scenarios``: its policy's row, not a copy of the whole table.
    public func cells(ofRelease index: Int) -> [ForecastCell] { rows[rowOfRelease[index]] }

    public init(
        host: String, releases: [Release], scenarios: [Scenario], cells: [[ForecastCell]], today: PathPins? = nil,
        todayRefusal: Verdict.Rejection? = nil
    ) {
        self.init(
            host: host, releases: releases, scenarios: scenarios, rows: cells, rowOfRelease: Array(cells.indices),
            today: today, todayRefusal: todayRefusal)
    }

    init(
        host: String, releases: [Release], scenarios: [Scenario], rows: [[ForecastCell]], rowOfRelease: [Int],
        today: PathPins?, todayRefusal: Verdict.Rejection? = nil
    ) {
        precondition(rowOfRelease.count == releases.count && rowOfRelease.allSatisfy(rows.indices.contains))
        precondition(rows.allSatisfy { $0.count == scenarios.count })
        self.host = host
        self.releases = releases
        self.scenarios = scenarios
        self.rows = rows
        self.rowOfRelease = rowOfRelease
        self.today = today
        self.todayRefusal = today == nil ? todayRefusal : nil
    }

    /// The cell of `release` (by index) under `scenario`; nil when the scenario could not be stated.
    public func cell(release: Int, _ scenario: Scenario) -> ForecastCell? {
        scenarios.firstIndex(of: scenario).map { rows[rowOfRelease[release]][$0] }
    }

    /// The releases whose users cannot connect under `scenario`.
    public func lockedOut(_ scenario: Scenario) -> [Release] {
        guard let column = scenarios.firstIndex(of: scenario) else { return [] }
        return releases.indices.filter { !rows[rowOfRelease[$0]][column].connects }.map { releases[$0] }
    }
}

extension DomainForecast {
    /// Why no scenario could be made from today's chain, in the words of its typed refusal (untrusted, expired, the
    /// wrong host…); nil when today's path is known or no chain was given.
    public var todayRefusalText: String? {
        guard today == nil, let todayRefusal else { return nil }
        return "today's chain is refused (\(todayRefusal.sentence)), so no scenario can be made from it"
    }
}
