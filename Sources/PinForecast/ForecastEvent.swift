import Foundation
import PinningCore

/// A date on which a domain's forecast changes, with what the releases decide from then on.
public struct ForecastEvent: Hashable, Sendable {
    public enum Trigger: Hashable, Sendable {
        /// The leaf expires: the server must present a renewed leaf by then.
        case leafExpires
        /// The issuing CA certificate at `level` expires: the leaf must come from another issuer by then.
        case issuerExpires(level: Int)
        /// The root expires: the chain must end at another root by then.
        case rootExpires
        /// A release's pins for the domain lapse: it stops enforcing them (fail open).
        case releaseLapses(release: String)
    }

    /// A scenario the server may choose at this date, with the releases it would lock out.
    public struct Lockout: Hashable, Sendable {
        public let scenario: Scenario
        public let releases: [Release]
    }

    public let date: Date
    public let trigger: Trigger
    /// The scenarios the server may choose from at this date, each with the releases it would lock out.
    public let lockouts: [Lockout]
    /// The releases every choice locks out: from this date their users cannot connect, whatever the server does.
    public let unavoidable: [Release]

    /// The scenarios the server may choose when `trigger` comes due.
    static func choices(_ trigger: Trigger) -> [Scenario] {
        switch trigger {
        case .leafExpires: return [.renewalSameKey, .renewalNewKey, .issuerRotation, .caSwitch]
        // A sibling of the issuing CA chains through the CA certificates above it: when one of those expires,
        // issuing from a sibling is no way out.
        case .issuerExpires(let level): return (level == 1 ? [.issuerRotation] : []) + [.caSwitch, .rootOnly]
        case .rootExpires: return [.caSwitch]
        case .releaseLapses: return Scenario.synthesised
        }
    }

    /// Every event for `host` between `start` and `end` (inclusive), in date order: the expiry of each certificate of
    /// today's path and the lapse of each release's pins, each judged at its date.
    public static func events(
        host: String, releases: [Release], today: PathPins, from start: Date, until end: Date
    ) -> [ForecastEvent] {
        events(host: host, book: ReleaseBook(releases), today: today, from: start, until: end)
    }

    /// ``events(host:releases:today:from:until:)`` with the releases indexed once for many domains.
    public static func events(
        host: String, book: ReleaseBook, today: PathPins, from start: Date, until end: Date
    ) -> [ForecastEvent] {
        let (policies, rowOfRelease) = book.distinctPolicies(for: host)
        return events(
            host: host, releases: book.releases, policies: policies, rowOfRelease: rowOfRelease, today: today,
            from: start, until: end)
    }

    /// ``events(host:releases:today:from:until:)`` with each release's policy given as the index of its row in
    /// `policies` (`rowOfRelease`, in the order of `releases`): each distinct policy is judged once per date.
    public static func events(
        host: String, releases: [Release], policies: [DomainPolicy?], rowOfRelease: [Int], today: PathPins,
        from start: Date, until end: Date
    ) -> [ForecastEvent] {
        var triggers: [(Date, Trigger)] = []
        for (level, certificate) in today.levels.enumerated() {
            guard let notAfter = certificate.notAfter else { continue }
            let trigger: Trigger =
                level == 0
                ? .leafExpires : level == today.levels.count - 1 ? .rootExpires : .issuerExpires(level: level)
            triggers.append((notAfter, trigger))
        }
        for (release, row) in zip(releases, rowOfRelease) {
            if let lapse = policies[row]?.expires?.endDate {
                triggers.append((lapse, .releaseLapses(release: release.name)))
            }
        }
        return triggers.filter { $0.0 >= start && $0.0 <= end }.sorted { $0.0 < $1.0 }.map { date, trigger in
            // Judged once per distinct policy; each release reads the cell of its policy's row.
            let columns = ForecastJudge.synthesised(choices(trigger), policies: policies, today: today, at: date)
            let lockouts = columns.map { scenario, cells in
                Lockout(
                    scenario: scenario,
                    releases: releases.indices.filter { !cells[rowOfRelease[$0]].connects }.map { releases[$0] })
            }
            let unavoidable: [Release]
            if case .releaseLapses = trigger {
                unavoidable = []
            } else {
                unavoidable = releases.indices.filter { index in
                    columns.allSatisfy { !$0.1[rowOfRelease[index]].connects }
                }.map { releases[$0] }
            }
            return ForecastEvent(date: date, trigger: trigger, lockouts: lockouts, unavoidable: unavoidable)
        }
    }
}
