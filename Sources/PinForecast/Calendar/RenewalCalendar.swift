import CACatalog
import Foundation
import PinningCore

/// Makes a domain's ``DomainCalendar``: the renewals from today's certificate until a day, each dated from the
/// lifetime the ``IssuancePlan`` gives on its issuance day and the CA's renewal margin, each issuer of the catalog's
/// pools for that day judged by the forecast's pin rule on the chain it would give.
///
/// A renewal's chain is built under each real catalog intermediate, not a synthesised one: the leaf (its key kept
/// only with key reuse), the intermediate's certificate and key, then today's path from the pool's root key on (a
/// cross-sign the CA has replaced by then swapped for its replacement), or the catalog's root when today's path
/// does not reach that key. Trust is assumed, as for the forecast's synthesised scenarios: the chains stand for
/// publicly trusted ones, and a test issues them in the lab to hold the description to `pinbench validate`.
public enum RenewalCalendar {
    /// The most renewals listed for one domain (6-day certificates for years would be thousands).
    public static let maximumRenewals = 400

    /// The calendar of `host` from `start` to `end`. `plan` is its issuance plan (made for it, or for a host with the
    /// same setting and served chain), `leaf` today's served leaf, `today` the pins of today's verified path (nil
    /// when refused or not served), `policies` the distinct policies of the releases and `rowOfRelease` each
    /// release's (as ``DomainForecast`` holds them).
    public static func calendar(
        host: String, plan: IssuancePlan, leaf: ChainCertificate?, today: PathPins?, releases: [String],
        policies: [DomainPolicy?], rowOfRelease: [Int], from start: Date, until end: Date
    ) -> DomainCalendar {
        var limits: [DomainCalendar.Limit] = []
        let authority = plan.authority
        if authority == nil { limits.append(plan.isPublic ? .caOutsideCatalog : .privateCA) }
        if plan.keyReuse.value == nil { limits.append(.keyReuseUnknown) }
        let margin: Double
        if let renewAt = plan.renewAt, renewAt > 0, renewAt < 1 {
            margin = renewAt
        } else {
            margin = 2.0 / 3.0
            limits.append(.renewalMarginAssumed)
        }
        let first = CalendarDay(containing: start)
        let last = CalendarDay(containing: end)
        let events = authority.map { HierarchyEvent.events(of: $0, from: first, to: last) } ?? []
        var renewals: [Renewal] = []
        var paths: [PathPins] = []
        if let leaf, let today, today.levels.count >= 2 {
            let walk = Walk(plan: plan, today: today, policies: policies, margin: margin, events: events)
            // From the parsed certificate when there is one: a fleet's leaves need not have their details computed.
            let notBefore = leaf.certificate?.notValidBefore ?? leaf.details.notBefore
            var issued = CalendarDay(containing: notBefore)
            var deadline = CalendarDay(containing: leaf.notAfter.addingTimeInterval(-1))
            let seconds = leaf.notAfter.timeIntervalSince(notBefore)
            var days = seconds.isFinite && seconds > 0 ? Int((seconds / 86_400).rounded()) : 0
            while true {
                guard let dueByMargin = issued.adding(days: max(1, Int((Double(days) * margin).rounded()))) else {
                    break
                }
                let due = max(dueByMargin, first)
                guard due <= last else { break }
                guard renewals.count < maximumRenewals else {
                    limits.append(.truncated(maximumRenewals))
                    break
                }
                let (renewal, renewalPaths) = walk.renewal(number: renewals.count + 1, due: due, deadline: deadline)
                paths += renewalPaths
                if renewal.issuers.contains(where: { $0.source == .unknownSuccessor }),
                    !limits.contains(where: { if case .pastCatalog = $0 { return true } else { return false } })
                {
                    limits.append(.pastCatalog(due))
                }
                renewals.append(renewal)
                guard let lifetime = renewal.lifetime.days, lifetime > 0, let lastDay = renewal.lastDay else {
                    // No lifetime, or one that rounds to no day (a leaf of hours from a CA's unmatched profile):
                    // the walk cannot go on, and the calendar must not read as complete.
                    if (renewal.lifetime.days ?? 0) <= 0 { limits.append(.noLifetime) }
                    break
                }
                (issued, deadline, days) = (due, lastDay, lifetime)
            }
        } else {
            limits.insert(.noPathToday, at: 0)
        }
        let complete = !limits.contains { limit in
            switch limit {
            case .noPathToday, .caOutsideCatalog, .privateCA, .noLifetime, .truncated: return true
            case .keyReuseUnknown, .renewalMarginAssumed, .pastCatalog: return false
            }
        }
        // Judged once per distinct policy (row), then named for each release that ships it.
        let rows = policies.indices.map { judge(row: $0, renewals: renewals, complete: complete) }
        let judged = releases.indices.map { index in
            let row = rows[rowOfRelease[index]]
            return ReleaseRenewals(
                release: releases[index], row: rowOfRelease[index], verdict: row.verdict, certainAt: row.certainAt,
                survival: row.survival)
        }
        return DomainCalendar(
            host: host, ca: authority?.id, renewals: renewals, events: events, limits: limits, releases: judged,
            advice: complete ? CalendarAdvice.smallest(paths, authority: authority, at: start) : nil)
    }

    private static func judge(
        row: Int, renewals: [Renewal], complete: Bool
    ) -> (
        verdict: ReleaseRenewals.Verdict, certainAt: Int?, survival: Double
    ) {
        var verdict: ReleaseRenewals.Verdict = complete ? .survives : .unknown
        var certainAt: Int?
        var survival = 1.0
        for renewal in renewals {
            let chance = renewal.chance(row: row)
            let backups = renewal.lockingBackups(row: row).map(\.label)
            survival *= 1 - chance.value
            if case .locksOut = verdict {
            } else if chance.locked > 0 || !backups.isEmpty {
                verdict = .locksOut(renewal: renewal.number, chance: chance, backups: backups)
            }
            if certainAt == nil, chance.isCertain { certainAt = renewal.number }
        }
        return (verdict, certainAt, survival)
    }

    /// What every renewal of one domain is built from.
    private struct Walk {
        let plan: IssuancePlan
        let today: PathPins
        let policies: [DomainPolicy?]
        let margin: Double
        let events: [HierarchyEvent]

        func renewal(number: Int, due: CalendarDay, deadline: CalendarDay) -> (Renewal, [PathPins]) {
            let keyReuse = plan.keyReuse.value
            let leaf = keyReuse == true ? today.levels[0].reissued : PathPins.Level.unseen
            let time = due.startDate ?? Date.distantFuture
            var issuers: [RenewalIssuer] = []
            var paths: [PathPins] = []
            if let authority = plan.authority {
                for pool in plan.pools(issuedOn: due) {
                    let above = levels(from: pool.rootPin, authority: authority, on: due)
                    let ordered =
                        pool.intermediates.filter { $0.status == .active }
                        + pool.intermediates.filter { $0.status != .active }
                    for entry in ordered {
                        let issuer = PathPins.Level(
                            spki: entry.spkiPin, certificate: entry.certPin, notAfter: entry.notAfter)
                        let path = PathPins(levels: [leaf, issuer] + above)
                        paths.append(path)
                        issuers.append(
                            RenewalIssuer(
                                source: .catalog(label: entry.label, status: entry.status), spkiPin: entry.spkiPin,
                                cells: cells(path, at: time)))
                    }
                }
            }
            if issuers.isEmpty {
                // The forecast's issuer rotation: a sibling nobody has seen, the CA certificates above it kept.
                let path = PathPins(levels: [leaf, .unseen] + today.levels.dropFirst(2))
                paths.append(path)
                issuers.append(
                    RenewalIssuer(
                        source: plan.authority == nil ? .unknownCA : .unknownSuccessor, spkiPin: nil,
                        cells: cells(path, at: time)))
            }
            let renewal = Renewal(
                number: number, due: due, deadline: deadline, lifetime: plan.lifetime(issuedOn: due),
                keyReuse: keyReuse, issuers: issuers, events: events.filter { due <= $0.day && $0.day <= deadline })
            return (renewal, paths)
        }

        private func cells(_ path: PathPins, at time: Date) -> [ForecastCell] {
            policies.map { ForecastCell.judging($0, path: path, at: time) }
        }

        /// The path above an intermediate signed by the root key `rootPin` on `day`: today's, from the level that
        /// holds that key, each certificate the CA replaced by then swapped for its replacement; else the catalog's
        /// root of that key.
        private func levels(
            from rootPin: String, authority: CertificateAuthority, on day: CalendarDay
        )
            -> [PathPins.Level]
        {
            if let index = today.levels.dropFirst().firstIndex(where: { $0.spki == rootPin }) {
                return today.levels[index...].map { level in
                    guard
                        let entry = authority.certificates.first(where: { $0.certPin == level.certificate }),
                        entry.status == .replaced, let until = entry.until, until < day,
                        let replacement = entry.replacedBy.flatMap(authority.certificate(file:))
                    else { return level }
                    return PathPins.Level(
                        spki: replacement.spkiPin, certificate: replacement.certPin, notAfter: replacement.notAfter)
                }
            }
            let root = authority.certificates(withKey: rootPin).first { $0.role == .root }
            return [
                PathPins.Level(spki: rootPin, certificate: root?.certPin, notAfter: root?.notAfter)
            ]
        }
    }
}
