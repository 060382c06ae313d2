import CACatalog
import Foundation
import PinningCore

extension ForecastSettings {
    /// The renewal calendar of a forecast's domain from ``at`` to ``until``: `policies` are its rows' policies
    /// (``FleetForecast/forecast(ofHost:)``), `issuance` the candidate's setting for it, `served` today's chain;
    /// `plans` keeps the issuance plans made so far, one per setting and chain.
    public func calendar(
        _ forecast: DomainForecast, policies: [DomainPolicy?], issuance: DomainIssuance?,
        served: [ChainCertificate]?, catalog: CACatalog, plans: inout CalendarPlans
    ) -> DomainCalendar {
        let plan = plans.plan(host: forecast.host, issuance: issuance, served: served, catalog: catalog, on: at)
        return RenewalCalendar.calendar(
            host: forecast.host, plan: plan, leaf: served?.first, today: forecast.today,
            releases: forecast.releases.map(\.name), policies: policies, rowOfRelease: forecast.rowOfRelease,
            from: at, until: until)
    }
}

/// The issuance plans of a forecast's hosts, made once per distinct setting and served chain: a fleet's hosts that
/// serve one chain under one setting share one (recognising its issuer verifies a signature). A plan depends on its
/// host only through these two, so the one made for the first host stands for the rest.
public struct CalendarPlans: Sendable {
    private struct Key: Hashable {
        let issuance: DomainIssuance?
        /// The chain's certificates by their `cert-sha256` pin, leaf first; nil without a chain.
        let chain: [String]?
    }

    private var plans: [Key: IssuancePlan] = [:]

    public init() {}

    mutating func plan(
        host: String, issuance: DomainIssuance?, served: [ChainCertificate]?, catalog: CACatalog, on date: Date
    ) -> IssuancePlan {
        let key = Key(issuance: issuance, chain: served?.map(\.details.certPin))
        if let known = plans[key] { return known }
        let plan = IssuancePlan(host: host, issuance: issuance, served: served, catalog: catalog, on: date)
        plans[key] = plan
        return plan
    }
}
