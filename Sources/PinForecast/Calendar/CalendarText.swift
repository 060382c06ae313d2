import CACatalog
import Foundation
import PinningCore

/// The calendar in words, under each domain of `pinbench forecast --calendar`: per release its first lockout and
/// the chance of it, then each renewal with its issuers and the hierarchy's events. Lines only: the caller escapes
/// them for its output.
public enum CalendarText {
    public static func lines(_ calendar: DomainCalendar) -> [String] {
        var lines = ["  Renewal calendar" + (calendar.ca.map { " (\($0))" } ?? "") + ":"]
        lines += calendar.limits.map { "    ? " + limit($0) }
        for release in calendar.releases { lines.append("    " + sentence(release, calendar)) }
        for renewal in calendar.renewals {
            let key = renewal.keyReuse.map { $0 ? "same key" : "new key" } ?? "new key (key reuse unknown)"
            let lifetime =
                renewal.lifetime.days.map { "\($0) days (\(limit(renewal.lifetime.binding?.limit)))" }
                ?? "lifetime unknown"
            lines.append(
                "    #\(renewal.number) \(renewal.due) to \(renewal.deadline): \(lifetime), \(key), from "
                    + renewal.issuers.map { issuer($0, calendar) }.joined(separator: ", "))
            lines += renewal.events.map { "      " + event($0) }
        }
        if let advice = calendar.advice { lines += self.advice(advice) }
        let listed = Set(calendar.renewals.flatMap(\.events))
        lines += calendar.events.filter { !listed.contains($0) }.map { "    " + event($0) }
        return lines
    }

    /// The smallest pin set and why.
    public static func advice(_ advice: CalendarAdvice) -> [String] {
        let pins = advice.pins.map { "spki-sha256 \($0.spki)" + ($0.label.map { " (\($0))" } ?? "") }
        let head =
            pins.isEmpty
            ? "    Smallest pin set that survives every renewal listed: none of known keys"
            : "    Smallest pin set that survives every renewal listed: " + pins.joined(separator: ", ")
        return [head] + advice.reasoning.map { "      " + $0 }
    }

    /// One release's verdict over the calendar.
    public static func sentence(_ release: ReleaseRenewals, _ calendar: DomainCalendar) -> String {
        let survival = String(format: "%.1f%%", release.survival * 100)
        switch release.verdict {
        case .survives:
            return "\(release.release): survives every renewal listed"
        case .unknown:
            return "\(release.release): unknown (no renewal listed locks it out, but the calendar cannot know every "
                + "issuer)"
        case .locksOut(let number, let chance, let backups):
            let renewal = calendar.renewals.first { $0.number == number }
            let when = renewal.map { " (\($0.due) to \($0.deadline))" } ?? ""
            var text = "\(release.release): first lockout at renewal #\(number)\(when), "
            if chance.locked > 0 {
                text += chance.isCertain ? "certain" : "probability \(chance.text) (issuer picked among the active)"
            } else {
                text += "only from a backup"
            }
            if !backups.isEmpty { text += "; certain on the first issuance from " + backups.joined(separator: ", ") }
            if let certain = release.certainAt, certain != number || !chance.isCertain {
                text += "; certain from renewal #\(certain)"
            }
            return text + "; chance all renewals connect: \(survival)"
        }
    }

    public static func event(_ event: HierarchyEvent) -> String {
        let day = event.approximate ? "about \(event.day)" : "\(event.day)"
        switch event.kind {
        case .intermediateEnds: return "\(day): last day of the intermediate \(event.label) (\(event.status.rawValue))"
        case .replaced:
            return "\(day): \(event.label) replaced" + (event.replacedBy.map { " by \($0)" } ?? "")
        case .caExpires: return "\(day): \(event.label) expires"
        case .rootLeavesStores: return "\(day): \(event.label) expected to leave the major trust stores"
        }
    }

    public static func limit(_ limit: DomainCalendar.Limit) -> String {
        switch limit {
        case .noPathToday: return "no verified path today: no renewal can be made from it"
        case .caOutsideCatalog:
            return "the CA is not in the catalog: its pools are unknown, renewals judged as an unseen sibling"
        case .privateCA: return "a private CA: its pools are unknown, renewals judged as an unseen sibling"
        case .noLifetime: return "nothing bounds the lifetime: no renewal after the first can be dated"
        case .keyReuseUnknown: return "key reuse unknown: each renewal judged with a new key"
        case .renewalMarginAssumed: return "renewal margin unknown: two thirds of the lifetime assumed"
        case .pastCatalog(let day):
            return "from \(day) the catalog knows no issuer: renewals come from an unknown successor under the same "
                + "root (judged as issuer-rotation)"
        case .truncated(let count): return "only the first \(count) renewals are listed"
        }
    }

    /// A lifetime bound's name: `profile classic`, `public-maximum`, `declared`.
    static func limit(_ limit: LifetimeBound.Limit?) -> String {
        guard let limit else { return "unbounded" }
        if case .profile(let name) = limit { return "profile \(name)" }
        return limit.word
    }

    /// An issuer with the releases it locks out (the first few named).
    private static func issuer(_ issuer: RenewalIssuer, _ calendar: DomainCalendar) -> String {
        let locked = calendar.releases.filter { !issuer.cells[$0.row].connects }.map(\.release)
        guard !locked.isEmpty else { return issuer.label }
        let named = locked.prefix(3).joined(separator: ", ")
        return issuer.label + " [locks out \(named)" + (locked.count > 3 ? " and \(locked.count - 3) more" : "") + "]"
    }
}
