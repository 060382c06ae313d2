import CACatalog
import Foundation
import PinningCore

/// The settings of one forecast run, made once from what the user gave: the time judged, the dates walked ahead, the
/// lead time advice allows, and the scenarios the deploy gate judges.
public struct ForecastSettings: Sendable {
    public let at: Date
    public let until: Date
    public let leadTime: Int
    public let gated: [Scenario]
    /// The share of installs (percent) a gated scenario may lock out.
    public let maxLockout: Double
    /// The CAs the renewal calendar reads (`--calendar`); nil: no calendar.
    public var calendarCatalog: CACatalog?

    /// `until` is a date after `at` (default: a year after it); `gate` a comma-separated list of scenario names. A
    /// gated scenario that cannot be judged fails closed: `planned` is gated when a planned chain is given, and
    /// naming it without one is refused.
    public init(
        at: Date, until text: String?, leadTime: Int, gate: String?, planned: Bool, maxLockout: Double
    ) throws(ForecastInputError) {
        self.at = at
        self.leadTime = leadTime
        self.maxLockout = maxLockout
        if let text {
            guard let date = Timestamp.parse(text) else {
                throw ForecastInputError(
                    "--until \(text) is not a date from the year 1600 to 9999, such as 2028-01-01 or 2028-01-01T00:00:00Z"
                )
            }
            guard date > at else { throw ForecastInputError("--until \(text) is not after --at") }
            until = date
        } else {
            until = at.addingTimeInterval(365 * 86_400)
        }
        var gated: [Scenario] = planned ? [.planned] : []
        for word in (gate ?? "").split(separator: ",", omittingEmptySubsequences: false) where gate != nil {
            let word = word.trimmingCharacters(in: .whitespaces)
            guard let scenario = Scenario(rawValue: word) else {
                throw ForecastInputError(
                    "--gate \(word) is not a scenario; give any of "
                        + Scenario.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if scenario == .planned && !planned {
                throw ForecastInputError(
                    "--gate planned needs the chain you intend to deploy: give --planned HOST=FILE")
            }
            if !gated.contains(scenario) { gated.append(scenario) }
        }
        self.gated = gated
    }

    /// `forecast` with its dates ahead and the advice for `candidate` (the next release's pins for the domain).
    public func outlook(
        _ forecast: DomainForecast, book: ReleaseBook, shipped: Int, candidate: DomainPolicy?
    ) -> DomainOutlook {
        guard let today = forecast.today else { return outlookWithoutToday(forecast, shipped: shipped) }
        return DomainOutlook(
            forecast: forecast, shipped: shipped,
            events: ForecastEvent.events(host: forecast.host, book: book, today: today, from: at, until: until),
            advice: ForecastAdvice.advise(candidate: candidate, today: today, at: at, leadTimeDays: leadTime),
            note: nil)
    }

    /// ``outlook(_:book:shipped:candidate:)`` for a forecast of a ``FleetForecast``, whose releases keep no pins:
    /// `policies` holds one policy per row of `forecast` (``FleetForecast/forecast(ofHost:)``).
    public func outlook(
        _ forecast: DomainForecast, policies: [DomainPolicy?], shipped: Int, candidate: DomainPolicy?
    ) -> DomainOutlook {
        guard let today = forecast.today else { return outlookWithoutToday(forecast, shipped: shipped) }
        return DomainOutlook(
            forecast: forecast, shipped: shipped,
            events: ForecastEvent.events(
                host: forecast.host, releases: forecast.releases, policies: policies,
                rowOfRelease: forecast.rowOfRelease, today: today, from: at, until: until),
            advice: ForecastAdvice.advise(candidate: candidate, today: today, at: at, leadTimeDays: leadTime),
            note: nil)
    }

    private func outlookWithoutToday(_ forecast: DomainForecast, shipped: Int) -> DomainOutlook {
        let note =
            forecast.todayRefusalText
            ?? "no chain served today (give --served HOST=FILE or --live): only a planned chain can be judged"
        return DomainOutlook(forecast: forecast, shipped: shipped, events: [], advice: [], note: note)
    }

    /// Every host of `chains` forecast for the shipped releases and `candidate` (the working manifest, the next
    /// release), each judged by the deploy gate: ``stream(_:candidate:unreachable:into:)`` collected, for forecasts
    /// small enough to hold whole.
    public func report(
        shipped: [Release], candidate: Release, chains: ForecastChains, judge: ForecastJudge
    ) async -> ForecastReport {
        var fleet = await FleetForecast(chains: chains, judge: judge, at: at)
        for release in shipped + [candidate] { fleet.add(release) }
        var collector = ForecastCollector()
        // A collector never throws.
        _ = try? stream(
            fleet, candidate: candidate.manifest, unreachable: chains.unreachable, served: chains.served,
            into: &collector)
        return collector.report!
    }
}
