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

    /// The timeline's length, as `pinbench forecast --until` defaults to.
    public static let windowDays = 365
    /// Days before an expiry the next release must ship by, as `pinbench forecast --lead-time` defaults to.
    public static let leadTimeDays = 90

    /// The forecast of `request`'s domain with `judge`. Each release is judged on its policy for the domain alone
    /// (the one ``ReleaseBook`` finds for the host): the judge reads only the policy that governs the host, so this
    /// judges the same as the whole manifests, in a time that does not grow with their domains.
    public static func compute(_ request: ForecastRequest, judge: ForecastJudge) async -> ForecastOutlook {
        let host = request.key.host
        let policies = request.shipped.policies(for: host)
        var releases = zip(request.shipped.releases, policies).map { release, policy in
            Release(name: release.name, shipped: release.shipped, share: release.share, manifest: alone(policy))
        }
        let candidate = request.candidate.policy(for: host)
        releases.append(Release(name: request.candidateName, manifest: alone(candidate)))
        let book = ReleaseBook(releases)
        let forecast = await judge.forecast(host: host, book: book, current: request.current, at: request.at)
        let shipped = releases.count - 1
        // Installs are counted as the CLI counts them: shipped releases only.
        let shares = forecast.scenarios.map { scenario in
            let lockout = forecast.installsLockedOut(scenario, shipped: shipped)
            return LockedOutShare(scenario: scenario, percent: lockout.percent, unknown: lockout.withoutShare.count)
        }
        let end = request.at.addingTimeInterval(Double(windowDays) * 86_400)
        var events: [ForecastEvent] = []
        var advice: [ForecastAdvice] = []
        if let today = forecast.today {
            events = ForecastEvent.events(host: host, book: book, today: today, from: request.at, until: end)
            advice = ForecastAdvice.advise(
                candidate: candidate, today: today, at: request.at, leadTimeDays: leadTimeDays)
        }
        return ForecastOutlook(
            key: request.key, forecast: forecast, shipped: shipped, lockedOut: shares, events: events, advice: advice,
            window: request.at...end)
    }

    private static func alone(_ policy: DomainPolicy?) -> PinManifest {
        PinManifest(domains: policy.map { [$0] } ?? [])
    }

    /// The candidate next release's cells, in the order of the forecast's scenarios.
    public var candidateCells: [ForecastCell] { forecast.cells(ofRelease: shipped) }
}
