import CACatalog
import Foundation
import PinningCore

extension ForecastSettings {
    /// The renewal calendar of a forecast's domain from ``at`` to ``until``: `policies` are its rows' policies
    /// (``FleetForecast/forecast(ofHost:)``), `issuance` the candidate's setting for it, `served` today's chain.
    public func calendar(
        _ forecast: DomainForecast, policies: [DomainPolicy?], issuance: DomainIssuance?,
        served: [ChainCertificate]?, catalog: CACatalog
    ) -> DomainCalendar {
        let plan = IssuancePlan(host: forecast.host, issuance: issuance, served: served, catalog: catalog, on: at)
        return RenewalCalendar.calendar(
            plan: plan, leaf: served?.first, today: forecast.today, releases: forecast.releases.map(\.name),
            policies: policies, rowOfRelease: forecast.rowOfRelease, from: at, until: until)
    }
}
