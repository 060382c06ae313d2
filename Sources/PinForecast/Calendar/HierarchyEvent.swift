import CACatalog
import Foundation
import PinningCore

/// A day the catalog dates on which the CA's hierarchy changes: what a pin on it, or a chain through it, must be
/// ready for.
public struct HierarchyEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Encodable {
        /// An intermediate's last valid day (for a retired pool, the end of every chain through it).
        case intermediateEnds = "intermediate-ends"
        /// A certificate the CA replaced with a new one for the same key stops being served.
        case replaced
        /// A root or cross-sign's last valid day.
        case caExpires = "ca-expires"
        /// A root is expected to leave the major trust stores.
        case rootLeavesStores = "root-leaves-stores"
    }

    public let day: CalendarDay
    public let kind: Kind
    /// The catalog's label of the certificate.
    public let label: String
    /// Its status in the catalog.
    public let status: CatalogCertificate.Status
    /// The certificate that replaces it, for ``Kind/replaced``.
    public let replacedBy: String?
    /// The day is the CA's estimate (a root's departure from the stores).
    public let approximate: Bool

    /// Every event `authority` dates from `start` to `end` (inclusive), in date order.
    public static func events(
        of authority: CertificateAuthority, from start: CalendarDay, to end: CalendarDay
    )
        -> [HierarchyEvent]
    {
        var events: [HierarchyEvent] = []
        for entry in authority.certificates {
            let expiry = CalendarDay(containing: entry.notAfter.addingTimeInterval(-1))
            switch entry.role {
            case .intermediate:
                events.append(.init(entry, expiry, .intermediateEnds))
            case .root, .crossSign:
                events.append(.init(entry, expiry, .caExpires))
                if let leaves = entry.leavesStores {
                    events.append(.init(entry, leaves, .rootLeavesStores, approximate: entry.leavesStoresApproximate))
                }
            }
            if entry.status == .replaced, let until = entry.until {
                let by = entry.replacedBy.flatMap(authority.certificate(file:))?.label
                events.append(.init(entry, until, .replaced, replacedBy: by))
            }
        }
        return events.filter { start <= $0.day && $0.day <= end }.sorted {
            ($0.day, $0.kind.rawValue, $0.label) < ($1.day, $1.kind.rawValue, $1.label)
        }
    }

    private init(
        _ entry: CatalogCertificate, _ day: CalendarDay, _ kind: Kind, replacedBy: String? = nil,
        approximate: Bool = false
    ) {
        self.day = day
        self.kind = kind
        label = entry.label
        status = entry.status
        self.replacedBy = replacedBy
        self.approximate = approximate
    }
}
