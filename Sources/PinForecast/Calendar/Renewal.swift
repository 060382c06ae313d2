import CACatalog
import Foundation
import PinningCore

/// One renewal to come of a domain's certificate: when it is due, how long the new certificate lives, whether it
/// keeps the key, and every issuer it may come from, each judged.
public struct Renewal: Hashable, Sendable {
    /// 1 for the renewal of today's certificate.
    public let number: Int
    /// The day the renewal is due (the renewal margin of the previous certificate's lifetime): the day the new
    /// certificate is taken as issued, and judged.
    public let due: CalendarDay
    /// The previous certificate's last day: the renewal must be served by then.
    public let deadline: CalendarDay
    /// The lifetime the issuance plan gives a certificate issued on ``due``, and what bounds it.
    public let lifetime: LifetimeBound
    /// True when the renewal keeps the leaf key; nil when not known (then judged as a new key: fail closed).
    public let keyReuse: Bool?
    /// Every issuer the certificate may come from, active ones first.
    public let issuers: [RenewalIssuer]
    /// The hierarchy events from ``due`` to ``deadline``.
    public let events: [HierarchyEvent]

    /// The new certificate's last day.
    public var lastDay: CalendarDay? {
        lifetime.days.flatMap { due.adding(days: $0 - 1) }
    }

    /// The chance the renewal locks out the releases of row `row`, the issuer picked at random among the active
    /// ones (among all, when none is active).
    public func chance(row: Int) -> RenewalChance {
        let active = issuers.filter(\.isActive)
        let drawn = active.isEmpty ? issuers : active
        return RenewalChance(locked: drawn.filter { !$0.cells[row].connects }.count, of: drawn.count)
    }

    /// The backups that lock out the releases of row `row`: certain on their first issuance.
    public func lockingBackups(row: Int) -> [RenewalIssuer] {
        issuers.filter { !$0.isActive && !$0.cells[row].connects }
    }
}

extension CalendarDay {
    /// The day `days` after this one (before it, for a negative count); nil past the representable years.
    public func adding(days: Int) -> CalendarDay? {
        guard let start = startDate else { return nil }
        let day = CalendarDay(containing: start.addingTimeInterval(Double(days) * 86_400))
        return CalendarDay.years.contains(day.year) ? day : nil
    }
}
