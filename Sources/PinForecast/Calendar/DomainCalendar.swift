import CACatalog
import Foundation
import PinningCore

/// One domain's renewals until a day, each issuer judged for every release, and what follows for each release: the
/// first renewal that may lock it out and how likely that is. What the calendar cannot know it says
/// (``limits``), and a release it cannot judge is ``ReleaseRenewals/Verdict/unknown``, never "survives".
public struct DomainCalendar: Hashable, Sendable {
    /// Something the calendar cannot know, and so does not claim.
    public enum Limit: Hashable, Sendable {
        /// No verified path today (no chain served, or refused): nothing to renew from.
        case noPathToday
        /// The CA is not in the catalog: its pools and schedule are unknown.
        case caOutsideCatalog
        /// The CA is declared private: the catalog knows nothing of its pools.
        case privateCA
        /// Nothing bounds the lifetime (a private CA with no `lifetimeDays`): no renewal can be dated.
        case noLifetime
        /// Key reuse is not stated nor known from a profile: judged as a new key at each renewal.
        case keyReuseUnknown
        /// The CA's renewal margin is not known: two thirds of the lifetime, as ACME clients renew, is assumed.
        case renewalMarginAssumed
        /// From this day the catalog knows no issuer: renewals come from an unknown successor under the same root.
        case pastCatalog(CalendarDay)
        /// More renewals than the calendar lists fall before its end.
        case truncated(Int)
    }

    public let host: String
    /// The catalog CA's id, when the plan has one.
    public let ca: String?
    public let renewals: [Renewal]
    public let events: [HierarchyEvent]
    public let limits: [Limit]
    /// The releases in the forecast's order, each judged by its policy's row of the issuers' cells.
    public let releases: [ReleaseRenewals]
    /// The smallest pin set that holds every renewal listed; nil when the calendar cannot know every issuer.
    public let advice: CalendarAdvice?
}

/// What the renewals to come decide for one release.
public struct ReleaseRenewals: Hashable, Sendable {
    public enum Verdict: Hashable, Sendable {
        /// Some renewal may lock the release out: the first such renewal (its number), the chance then when the
        /// issuer is picked at random among the active ones, and the backups that lock it out for certain.
        case locksOut(renewal: Int, chance: RenewalChance, backups: [String])
        /// Every issuer of every renewal connects.
        case survives
        /// No renewal locks it out, but the calendar cannot know every issuer (``DomainCalendar/limits``).
        case unknown
    }

    public let release: String
    /// The release's row of the issuers' cells (its distinct policy).
    let row: Int
    public let verdict: Verdict
    /// The first renewal that locks the release out whichever issuer the CA picks (or from the only one known).
    public let certainAt: Int?
    /// The chance that every renewal listed connects, issuers picked at random among the active ones.
    public let survival: Double
}
