import CACatalog
import Foundation
import PinningCore

/// One intermediate a renewal may come from, with what each release's pins decide on the chain it would give.
public struct RenewalIssuer: Hashable, Sendable {
    /// Where the issuer is known from.
    public enum Source: Hashable, Sendable {
        /// A catalog intermediate that may issue on the renewal's day: its label and status (active or backup).
        case catalog(label: String, status: CatalogCertificate.Status)
        /// Past the last day the catalog knows an issuer for: a successor nobody has seen under the same root,
        /// judged as the forecast's issuer rotation is.
        case unknownSuccessor
        /// The CA is not in the catalog (or private): an intermediate nobody has seen under today's root, judged
        /// as the forecast's issuer rotation is. Nothing says the CA keeps that root.
        case unknownCA
    }

    public let source: Source
    /// The `spki-sha256` pin of the issuer's key; nil for an issuer nobody has seen.
    public let spkiPin: String?
    /// One cell per distinct policy of the domain (``DomainCalendar``'s rows).
    public let cells: [ForecastCell]

    /// True for an intermediate the CA issues from today (or one the calendar cannot tell apart from the pool).
    public var isActive: Bool {
        switch source {
        case .catalog(_, let status): return status == .active
        case .unknownSuccessor, .unknownCA: return true
        }
    }

    /// The issuer's name as the text and the iCalendar file show it.
    public var label: String {
        switch source {
        case .catalog(let label, let status): return status == .backup ? "\(label) (backup)" : label
        case .unknownSuccessor: return "an unknown successor"
        case .unknownCA: return "an unknown intermediate"
        }
    }
}

/// The chance that a renewal locks a release out when the CA picks its issuer at random among the active ones:
/// `locked` of `of`, kept as a fraction so that "1/2" reads as the CA's pool does.
public struct RenewalChance: Hashable, Sendable, Encodable {
    public let locked: Int
    public let of: Int

    public init(locked: Int, of: Int) {
        self.locked = locked
        self.of = of
    }

    public var isCertain: Bool { of > 0 && locked == of }
    public var value: Double { of == 0 ? 0 : Double(locked) / Double(of) }
    public var text: String { isCertain ? "certain" : "\(locked)/\(of)" }
}
