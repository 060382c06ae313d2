import Foundation
import PinForecast
import PinningCore

/// One domain's forecast as the Forecast view shows it, computed off the loop (``compute(_:judge:)``) so that a
/// frame only draws it: the matrix of the shipped releases and the candidate next release by scenario, the share
/// of installs each scenario locks out, the dates ahead and the advice for the next release. Every verdict comes
/// from PinForecast: nothing here decides a cell.
public struct ForecastOutlook: Sendable {
    /// The share of installs a scenario locks out, among the shipped releases.
    public struct LockedOutShare: Hashable, Sendable {
        public let scenario: Scenario
        public let percent: Double
        /// Shipped releases locked out that state no share.
        public let unknown: Int
    }

    public let key: ForecastKey
    /// The shipped releases first, the candidate next release last.
    public let forecast: DomainForecast
    /// How many releases of ``forecast`` are shipped (the last one is the candidate).
    public let shipped: Int
    public let lockedOut: [LockedOutShare]
    /// The dates ahead within ``window``: expiries on today's path, each release's lapse.
    public let events: [ForecastEvent]
    public let advice: [ForecastAdvice]
    /// The day judged, and the last day of the timeline.
    public let window: ClosedRange<Date>
    /// The domain's renewal calendar over ``window``, made as `pinbench forecast --calendar` makes it
    /// (``ForecastSettings/calendar(_:pinSets:issuance:served:catalog:plans:)``), or why it could not be.
    public let calendar: Result<DomainCalendar, CalendarUnavailable>?

    /// Why the Forecast view has no calendar to show.
    public struct CalendarUnavailable: Error, Hashable, Sendable {
        public let reason: String
    }

    /// The timeline's length, as `pinbench forecast --until` defaults to.
    public static let windowDays = 365
    /// Days before an expiry the next release must ship by, as `pinbench forecast --lead-time` defaults to.
    public static let leadTimeDays = 90

    /// The forecast of `request`'s domain with `judge`, on the path `pinbench forecast` takes (``FleetForecast``):
    /// today's chain judged by default trust once, then each release's policy for the domain (the one
    /// ``ReleaseBook`` finds for the host) by the pin rule, releases that ship an equal policy sharing its cells.
    public static func compute(_ request: ForecastRequest, judge: ForecastJudge) async -> ForecastOutlook {
        let host = request.key.host
        var fleet = await FleetForecast(hosts: [host], served: [host: request.current], judge: judge, at: request.at)
        let policies = request.shipped.policies(for: host)
        for (release, policy) in zip(request.shipped.releases, policies) {
            fleet.add(release) { _ in policy }
        }
        let candidate = request.candidate.policy(for: host)
        fleet.add(Release(name: request.candidateName, manifest: PinManifest())) { _ in candidate }
        let (forecast, rowPolicies) = fleet.forecast(ofHost: 0)
        let shipped = fleet.releases.count - 1
        // Installs are counted as the CLI counts them: shipped releases only.
        let shares = forecast.scenarios.map { scenario in
            let lockout = forecast.installsLockedOut(scenario, shipped: shipped)
            return LockedOutShare(scenario: scenario, percent: lockout.percent, unknown: lockout.withoutShare.count)
        }
        let end = request.at.addingTimeInterval(Double(windowDays) * 86_400)
        // The CLI's settings with its defaults: a year ahead, `leadTimeDays` of lead time, no gate.
        let settings = try? ForecastSettings(
            at: request.at, until: nil, leadTime: leadTimeDays, gate: nil, planned: false, maxLockout: 0)
        let outlook = settings?.outlook(forecast, policies: rowPolicies, shipped: shipped, candidate: candidate)
        // The calendar as the CLI adds it to a domain's outlook: the candidate's issuance, today's chain.
        let calendar = settings.map { settings in
            request.catalog.catalog
                .mapError { CalendarUnavailable(reason: "the CA catalog cannot be read (\($0))") }
                .map { catalog in
                    var plans = CalendarPlans()
                    return settings.calendar(
                        forecast, pinSets: fleet.pinSets(ofHost: 0), issuance: candidate?.issuance,
                        served: request.current,
                        catalog: catalog, plans: &plans)
                }
        }
        return ForecastOutlook(
            key: request.key, forecast: forecast, shipped: shipped, lockedOut: shares, events: outlook?.events ?? [],
            advice: outlook?.advice ?? [], window: request.at...end, calendar: calendar)
    }

    /// The candidate next release's cells, in the order of the forecast's scenarios.
    public var candidateCells: [ForecastCell] { forecast.cells(ofRelease: shipped) }
}
