import PinningCore

/// The lifetime of a certificate issued on one day, and every bound that was weighed: the team's declaration, the
/// CA's profile on that day, SC-081's maximum for a public CA, or the served leaf's lifetime when nothing else is
/// known or when the leaf matches none of the catalog CA's profiles. The shortest bound applies.
public struct LifetimeBound: Hashable, Sendable {
    /// What bounds the lifetime.
    public enum Limit: Hashable, Sendable {
        /// The manifest's `issuance.lifetimeDays`.
        case declared
        /// The CA's profile (its name) for the issuance day.
        case profile(String)
        /// SC-081's maximum for a public certificate (``PublicLifetimeLimit``).
        case publicMaximum
        /// The served leaf's own lifetime, for a CA with no catalog entry and no declaration.
        case servedLeaf
        /// The served leaf's own lifetime, when the leaf comes from the planned catalog CA but matches none of its
        /// profiles: what the CA issued this domain, which the catalog does not describe.
        case servedLeafNoProfile
    }

    public struct Term: Hashable, Sendable {
        public let limit: Limit
        public let days: Int

        public init(limit: Limit, days: Int) {
            self.limit = limit
            self.days = days
        }
    }

    /// The issuance day the bounds are for.
    public let day: CalendarDay
    /// Every bound weighed, in the order declared, profile, public maximum, served leaf.
    public let terms: [Term]

    /// The lifetime in days: the shortest bound; nil when nothing bounds it (a private CA with no declaration and
    /// no served chain).
    public var days: Int? { binding?.days }

    /// The bound that applies: the shortest, the first of equals (a declaration before the profile it repeats).
    public var binding: Term? {
        terms.reduce(nil) { best, term in best.map { $0.days <= term.days ? $0 : term } ?? term }
    }
}
