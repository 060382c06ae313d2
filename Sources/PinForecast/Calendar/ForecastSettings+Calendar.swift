import CACatalog
import Foundation
import PinningCore

extension ForecastSettings {
    /// The renewal calendar of a forecast's domain from ``at`` to ``until``: `pinSets` are its releases' own pin sets
    /// (``FleetForecast/pinSets(ofHost:)``: never the forecast's rows, which merge releases that agree only on
    /// today's scenarios), `issuance` the candidate's setting for it, `served` today's chain; `plans` keeps the
    /// issuance plans made so far, one per setting and chain.
    public func calendar(
        _ forecast: DomainForecast, pinSets: (policies: [DomainPolicy?], ofRelease: [Int]), issuance: DomainIssuance?,
        served: [ChainCertificate]?, catalog: CACatalog, plans: inout CalendarPlans
    ) -> DomainCalendar {
        plans.calendar(
            host: forecast.host, issuance: issuance, served: served, catalog: catalog, today: forecast.today,
            releases: forecast.releases.map(\.name), policies: pinSets.policies, rowOfRelease: pinSets.ofRelease,
            from: at, until: until)
    }
}

/// The calendars of a forecast's hosts, made once per distinct input: hosts that serve one chain under one setting
/// share an issuance plan (recognising its issuer verifies a signature), and hosts that also share today's path and
/// their releases' pin sets share a calendar, under their own name. Nothing else of a host enters a calendar: a plan
/// depends on its host only through the setting and the chain, and the pin rule reads a policy's pins, mode and
/// expiry, not its host.
public struct CalendarPlans: Sendable {
    private struct PlanKey: Hashable {
        let issuance: DomainIssuance?
        let chain: [ChainCertificate]?
        /// With a verified path today, the leaf stands in by what a plan reads of it: the key the validator proved
        /// signed it (so the catalog recognises the same issuer without verifying again), its issuer's name, its
        /// lifetime and the day it began; `chain` is then the certificates sent above it.
        let issuerKey: String?
        let leafIssuer: String?
        let validity: [TimeInterval]

        init(issuance: DomainIssuance?, served: [ChainCertificate]?, today: PathPins?) {
            self.issuance = issuance
            if let served, let leaf = served.first?.certificate, let today, today.levels.count >= 2,
                let issuerKey = today.levels[1].spki
            {
                chain = Array(served.dropFirst())
                self.issuerKey = issuerKey
                leafIssuer = String(describing: leaf.issuer)
                // A plan reads of the leaf's validity its length and the day it began (the profile offered then).
                validity = [
                    leaf.notValidAfter.timeIntervalSince(leaf.notValidBefore),
                    CalendarDay(containing: leaf.notValidBefore).startDate?.timeIntervalSince1970 ?? .nan,
                ]
            } else {
                chain = served
                issuerKey = nil
                leafIssuer = nil
                validity = []
            }
        }
    }

    /// What the pin rule reads of a policy.
    private struct PolicyKey: Hashable {
        let pins: [Pin]
        let mode: EnforcementMode
        let expires: CalendarDay?

        init(_ policy: DomainPolicy) {
            pins = policy.pins
            mode = policy.mode
            expires = policy.expires
        }
    }

    private struct CalendarKey: Hashable {
        let plan: PlanKey
        let today: PathPins?
        let policies: [PolicyKey?]
        let rowOfRelease: [Int]
        let releases: [String]
    }

    private var plans: [PlanKey: IssuancePlan] = [:]
    private var calendars: [CalendarKey: DomainCalendar] = [:]
    /// The size of the calendars kept (``size(of:)``).
    private var calendarsSize = 0
    /// The most plans or calendars kept: a fleet whose hosts each serve a chain of their own would otherwise keep
    /// one of each per host. Past it the memory starts again empty.
    static let limit = 512
    /// The most renewals, issuer cells and release verdicts kept over all calendars: a calendar to a far `--until` holds
    /// hundreds of renewals, each with its issuers and their cells, so a count of calendars alone does not bound
    /// the memory. Past it the memory starts again empty.
    static let sizeLimit = 200_000

    public init() {}

    mutating func calendar(
        host: String, issuance: DomainIssuance?, served: [ChainCertificate]?, catalog: CACatalog, today: PathPins?,
        releases: [String], policies: [DomainPolicy?], rowOfRelease: [Int], from start: Date, until end: Date
    ) -> DomainCalendar {
        let planKey = PlanKey(issuance: issuance, served: served, today: today)
        let key = CalendarKey(
            plan: planKey, today: today, policies: policies.map { $0.map(PolicyKey.init) },
            rowOfRelease: rowOfRelease, releases: releases)
        if let known = calendars[key] { return known.named(host) }
        let plan: IssuancePlan
        if let known = plans[planKey] {
            plan = known
        } else {
            plan = IssuancePlan(host: host, issuance: issuance, served: served, catalog: catalog, on: start)
            if plans.count >= Self.limit { plans.removeAll(keepingCapacity: true) }
            plans[planKey] = plan
        }
        let calendar = RenewalCalendar.calendar(
            host: host, plan: plan, leaf: served?.first, today: today, releases: releases, policies: policies,
            rowOfRelease: rowOfRelease, from: start, until: end)
        let size = Self.size(of: calendar)
        if calendars.count >= Self.limit || calendarsSize + size > Self.sizeLimit {
            calendars.removeAll(keepingCapacity: true)
            calendarsSize = 0
        }
        if size <= Self.sizeLimit {
            calendars[key] = calendar
            calendarsSize += size
        }
        return calendar
    }

    /// What a calendar holds, counted as its renewals, their issuers' cells and its releases' verdicts.
    static func size(of calendar: DomainCalendar) -> Int {
        calendar.renewals.reduce(calendar.releases.count) { total, renewal in
            renewal.issuers.reduce(total + 1) { $0 + 1 + $1.cells.count }
        }
    }
}

extension DomainCalendar {
    /// The same calendar for another host.
    fileprivate func named(_ host: String) -> DomainCalendar {
        DomainCalendar(
            host: host, ca: ca, renewals: renewals, events: events, limits: limits, releases: releases, advice: advice)
    }
}
