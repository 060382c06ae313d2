import Foundation
import PinningCore

/// How a CA issues subscriber certificates under one of its profiles (Let's Encrypt's `classic`, `tlsserver`,
/// `shortlived`): the lifetime by issuance date, and whether a renewal keeps the key.
public struct IssuanceProfile: Sendable, Hashable {
    /// A lifetime that applies to certificates issued on or after `from` (from the start when nil).
    public struct LifetimeStep: Sendable, Hashable {
        public let from: CalendarDay?
        public let days: Int

        public init(from: CalendarDay?, days: Int) {
            self.from = from
            self.days = days
        }
    }

    public let name: String
    /// The profile a subscriber gets without asking for one.
    public let isDefault: Bool
    /// True when a renewal keeps the key (ACME clients make a new key at each renewal unless told otherwise).
    public let keyReuse: Bool
    /// The first day the profile can be asked for, when it came later than the CA.
    public let availableFrom: CalendarDay?
    /// The lifetimes in the order they take effect; the first has no start day.
    public let lifetimes: [LifetimeStep]

    /// The lifetime in days of a certificate issued on `day` under this profile.
    public func lifetimeDays(issuedOn day: CalendarDay) -> Int {
        lifetimes.days(issuedOn: day)
    }

    /// True when the profile can be asked for on `day`.
    public func isOffered(on day: CalendarDay) -> Bool {
        availableFrom.map { $0 <= day } ?? true
    }
}

extension [IssuanceProfile.LifetimeStep] {
    /// The days of the last step that has begun on `day`: the one rule for a profile's schedule and SC-081's.
    /// The steps are in the order they take effect (the catalog's reader checks it); 0 when none has begun.
    func days(issuedOn day: CalendarDay) -> Int {
        last { step in step.from.map { $0 <= day } ?? true }?.days ?? 0
    }
}
