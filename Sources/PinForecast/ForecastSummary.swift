import CommandText
import Foundation
import PinningCore

/// A fleet's forecast in a few lines: how many cells of each outcome, how many domains each scenario breaks, which
/// domains and releases break (the first few named), and the first unavoidable lockout. Counts only shipped
/// releases, as the "locked out" row and the gate do; built a domain at a time, holding counts and a few names.
public struct ForecastSummary: Sendable {
    /// How many names a list shows before "and N more".
    public static let listed = 10

    private let head: ForecastHead
    private var domains = 0
    private var outcomes: [String: Int] = [:]
    private var brokenByScenario: [Scenario: Int] = [:]
    private var scenarioOrder: [Scenario] = []
    private var breaking = Names()
    private var withoutToday = Names()
    /// For each shipped release, the domains on which some scenario locks it out.
    private var releaseBreaks: [Int]
    private var firstUnavoidable: (date: Date, host: String)?
    private var unavoidableDomains = 0

    public init(_ head: ForecastHead) {
        self.head = head
        releaseBreaks = Array(repeating: 0, count: head.shippedReleases)
    }

    /// The first few names of a list, and how long it is.
    struct Names: Sendable {
        var first: [String] = []
        var count = 0

        mutating func add(_ name: String) {
            if first.count < ForecastSummary.listed { first.append(name) }
            count += 1
        }

        var text: String {
            let shown = first.joined(separator: ", ")
            return count > first.count ? shown + " and \(count - first.count) more" : shown
        }
    }

    public mutating func add(_ outlook: DomainOutlook) {
        let forecast = outlook.forecast
        domains += 1
        let shipped = min(outlook.shipped, forecast.releases.count)
        var releasesOfRow = Array(repeating: 0, count: forecast.rows.count)
        for release in 0..<shipped { releasesOfRow[forecast.rowOfRelease[release]] += 1 }
        for (row, cells) in forecast.rows.enumerated() where releasesOfRow[row] > 0 {
            for cell in cells { outcomes[cell.outcome, default: 0] += releasesOfRow[row] }
        }
        var broken = false
        for (column, scenario) in forecast.scenarios.enumerated() {
            if brokenByScenario[scenario] == nil {
                brokenByScenario[scenario] = 0
                scenarioOrder.append(scenario)
            }
            let locks = forecast.rows.indices.contains { releasesOfRow[$0] > 0 && !forecast.rows[$0][column].connects }
            if locks {
                brokenByScenario[scenario, default: 0] += 1
                broken = true
            }
        }
        if broken {
            breaking.add(forecast.host)
            let rowBreaks = forecast.rows.map { $0.contains { !$0.connects } }
            for release in 0..<shipped where rowBreaks[forecast.rowOfRelease[release]] { releaseBreaks[release] += 1 }
        }
        if forecast.today == nil { withoutToday.add(forecast.host) }
        if let event = outlook.firstUnavoidable {
            unavoidableDomains += 1
            if firstUnavoidable.map({ event.date < $0.date }) ?? true {
                firstUnavoidable = (event.date, forecast.host)
            }
        }
    }

    /// The summary's lines; the caller escapes them for its output.
    public var lines: [String] {
        var lines: [String] = []
        let order = ["accepted", "locked-out", "lapsed", "report-only", "not-pinned", "refused"]
        let cells = order.compactMap { outcome in outcomes[outcome].map { "\($0) \(outcome)" } }
        lines.append(
            "Cells (domain x shipped release x scenario): " + (cells.isEmpty ? "none" : cells.joined(separator: ", ")))
        if !scenarioOrder.isEmpty {
            lines.append(
                "Domains where a scenario locks out a shipped release: "
                    + scenarioOrder.map { "\($0.rawValue) \(brokenByScenario[$0] ?? 0)" }.joined(separator: ", "))
        }
        lines.append(
            breaking.count == 0
                ? "No domain locks out a shipped release in any scenario."
                : "Domains that lock out a shipped release: \(breaking.count) of \(domains): \(breaking.text)")
        var releases = Names()
        for (index, count) in releaseBreaks.enumerated() where count > 0 {
            releases.add("\(head.releases[index]) (\(counted(count, "domain")))")
        }
        if releases.count > 0 {
            lines.append(
                "Releases locked out somewhere: \(releases.count) of \(head.shippedReleases): \(releases.text)")
        }
        if let firstUnavoidable {
            lines.append(
                "First unavoidable lockout: \(ForecastText.day(firstUnavoidable.date)) on "
                    + "\(firstUnavoidable.host) (\(counted(unavoidableDomains, "domain")) have one "
                    + "before \(ForecastText.day(head.until)))")
        }
        if withoutToday.count > 0 {
            lines.append(
                "No chain judged today for \(counted(withoutToday.count, "domain")) (give --served HOST=FILE or "
                    + "--live): \(withoutToday.text)")
        }
        return lines
    }

    /// "? a, b and 3 more": the unreachable hosts as one line, or none.
    static func firstOf(_ names: [String], _ noun: String) -> [String] {
        guard !names.isEmpty else { return [] }
        var list = Names()
        for name in names { list.add(name) }
        return [counted(names.count, noun) + ": " + list.text]
    }
}
