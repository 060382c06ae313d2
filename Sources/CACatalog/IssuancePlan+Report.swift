import Foundation
import PinningCore

// The plan for people (``IssuancePlan/lines``) and scripts (Encodable), the same facts in both. Every text from a
// certificate or a team's catalog is outside input: lines are terminal-safe, JSON escapes its own.

extension IssuanceProvenance {
    /// A machine word for what it was inferred from, defaulted to or why it is unknown; nil for `declared`.
    public var reason: String? {
        switch self {
        case .declared: return nil
        case .inferred(.servedIssuer): return "served-issuer"
        case .inferred(.servedLeafLifetime): return "served-leaf-lifetime"
        case .defaulted(.caDefaultProfile): return "ca-default-profile"
        case .defaulted(.profile): return "profile"
        case .defaulted(.publicMaximum): return "public-maximum"
        case .unknown(.noServedChain): return "no-served-chain"
        case .unknown(.issuerOutsideCatalog): return "issuer-outside-catalog"
        case .unknown(.caNotInCatalog): return "ca-not-in-catalog"
        case .unknown(.keyReuseNeedsTwoChains): return "key-reuse-needs-two-chains"
        case .unknown(.caUnknown): return "ca-unknown"
        }
    }

    /// In words, for a line that already names the value.
    public var phrase: String {
        switch self {
        case .declared: return "declared in the manifest"
        case .inferred(.servedIssuer(let label)): return "inferred: the served leaf is signed by the key of \(label)"
        case .inferred(.servedLeafLifetime(let days)):
            return "inferred from the served leaf's lifetime (\(days) days)"
        case .defaulted(.caDefaultProfile): return "defaulted: the CA's default profile"
        case .defaulted(.profile(let name)): return "defaulted: what the profile \(name) states"
        case .defaulted(.publicMaximum): return "defaulted: SC-081's maximum for a public certificate"
        case .unknown(.noServedChain): return "unknown: no served chain to infer it from"
        case .unknown(.issuerOutsideCatalog(let issuer)):
            return "unknown: the served leaf's issuer (\(issuer)) is signed by no catalog key"
        case .unknown(.caNotInCatalog): return "unknown: the CA has no catalog entry"
        case .unknown(.keyReuseNeedsTwoChains): return "unknown: one chain cannot show whether a renewal keeps the key"
        case .unknown(.caUnknown): return "unknown: the CA is not known"
        }
    }
}

extension LifetimeBound.Limit {
    /// `declared`, `profile`, `public-maximum`, `served-leaf` or `served-leaf-no-profile`.
    public var word: String {
        switch self {
        case .declared: return "declared"
        case .profile: return "profile"
        case .publicMaximum: return "public-maximum"
        case .servedLeaf: return "served-leaf"
        case .servedLeafNoProfile: return "served-leaf-no-profile"
        }
    }

    func phrase(on day: CalendarDay) -> String {
        switch self {
        case .declared: return "declared in the manifest"
        case .profile(let name): return "the profile \(name) for a certificate issued on \(day)"
        case .publicMaximum: return "SC-081's maximum for a public certificate issued on \(day)"
        case .servedLeaf: return "the served leaf's lifetime (no catalog entry or declaration)"
        case .servedLeafNoProfile:
            return "the served leaf's lifetime, inferred from the leaf (it matches no profile of the CA)"
        }
    }
}

extension IssuancePlan {
    /// Where the lifetime comes from: the bound that applies, as a provenance.
    public var lifetimeProvenance: IssuanceProvenance {
        switch lifetime.binding?.limit {
        case .declared: return .declared
        case .profile(let name): return .defaulted(.profile(name))
        case .publicMaximum: return .defaulted(.publicMaximum)
        case .servedLeaf, .servedLeafNoProfile: return .inferred(.servedLeafLifetime(served?.lifetimeDays ?? 0))
        case nil:
            if case .unknown(let why) = ca.provenance { return .unknown(why) }
            return .unknown(served == nil ? .noServedChain : .caNotInCatalog)
        }
    }

    /// The plan for a terminal: one line per value with its provenance, the pools, and a CA change when there is one.
    public var lines: [String] { valueLines + (caChangeLine.map { [$0] } ?? []) }

    /// ``lines`` without the CA change.
    public var valueLines: [String] {
        func row(_ name: String, _ value: String?, _ provenance: IssuanceProvenance) -> String {
            "  " + name.padding(toLength: 13, withPad: " ", startingAt: 0) + (value ?? "?").terminalSafe + "  ("
                + provenance.phrase.terminalSafe + ")"
        }
        let caName =
            authority.map { " (\($0.name))" } ?? (ca.value == DomainIssuance.privateCA ? " (a private CA)" : "")
        var lines = ["Issuance of \(host.terminalSafe), for a certificate issued on \(day):"]
        lines.append(row("ca", ca.value.map { $0 + caName }, ca.provenance))
        lines.append(row("profile", profile.value, profile.provenance))
        let bound = lifetime
        let weighed = bound.terms.map { "\($0.limit.word) \($0.days)" }.joined(separator: ", ")
        let lifetimeText =
            bound.binding.map {
                "\($0.days) days: \($0.limit.phrase(on: day))" + (bound.terms.count > 1 ? "; weighed \(weighed)" : "")
            }
        lines.append(
            "  lifetimeDays " + (lifetimeText?.terminalSafe ?? "?  (\(lifetimeProvenance.phrase.terminalSafe))"))
        lines.append(row("keyReuse", keyReuse.value.map(String.init), keyReuse.provenance))
        let pools = pools(issuedOn: day)
        if pools.isEmpty {
            lines.append(
                authority.map {
                    "  issuers      none the catalog knows: no intermediate of \($0.name) may issue on \(day)"
                }
                    ?? "  issuers      none known: the CA is not in the catalog")
        }
        for pool in pools {
            let members = pool.intermediates.map { $0.status == .backup ? "\($0.label) (backup)" : $0.label }
            let pick = authority?.picksAtRandom == true ? ", picked at random" : ", one at a time"
            lines.append(
                "  issuers      " + "\(members.joined(separator: ", ")) under \(pool.root)\(pick)".terminalSafe)
        }
        if let served {
            lines.append(
                "  served       " + Self.describe(served.issuer).terminalSafe
                    + ", a leaf of \(served.lifetimeDays) days")
        }
        return lines
    }

    /// The warning that the declared CA is not the served chain's, terminal-safe; nil when there is no move. Also the
    /// last of ``lines``: the workbench shows it apart, as a warning.
    public var caChangeLine: String? {
        caChange.map { change in
            "! moving CA: the manifest declares \(change.declared.terminalSafe), but the served chain comes from "
                + Self.describe(change.served).terminalSafe
                + "; renewals are planned from \(change.declared.terminalSafe)"
        }
    }

    static func describe(_ issuer: ServedIssuer) -> String {
        switch issuer {
        case .catalog(let id, let intermediate): return "\(intermediate) of \(id)"
        case .outsideCatalog(let name): return "\(name) (outside the catalog)"
        }
    }
}

extension IssuancePlan: Encodable {
    private struct Field<Wrapped: Encodable>: Encodable {
        let value: Wrapped?
        let provenance: String
        let reason: String?
        let detail: String

        init(_ value: Wrapped?, _ provenance: IssuanceProvenance) {
            self.value = value
            self.provenance = provenance.kind
            reason = provenance.reason
            detail = provenance.phrase
        }
    }

    private struct Lifetime: Encodable {
        struct Bound: Encodable {
            let limit: String
            let profile: String?
            let days: Int
        }
        let value: Int?
        let provenance: String
        let reason: String?
        let bounds: [Bound]
    }

    private struct Served: Encodable {
        let ca: String?
        let issuer: String
        let inCatalog: Bool
        let lifetimeDays: Int
    }

    private struct PoolJSON: Encodable {
        let root, rootPin: String
        let active, backup: [String]
    }

    private struct Change: Encodable {
        let declared: String
        let servedCA: String?
        let servedIssuer: String
    }

    private enum CodingKeys: String, CodingKey {
        case host, day, ca, profile, lifetimeDays, keyReuse, served, caChange, pools, renewAt
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(host, forKey: .host)
        try container.encode(day.description, forKey: .day)
        try container.encode(Field(ca.value, ca.provenance), forKey: .ca)
        try container.encode(Field(profile.value, profile.provenance), forKey: .profile)
        let bound = lifetime
        try container.encode(
            Lifetime(
                value: bound.days, provenance: lifetimeProvenance.kind, reason: lifetimeProvenance.reason,
                bounds: bound.terms.map { term in
                    var profile: String?
                    if case .profile(let name) = term.limit { profile = name }
                    return Lifetime.Bound(limit: term.limit.word, profile: profile, days: term.days)
                }), forKey: .lifetimeDays)
        try container.encode(Field(keyReuse.value, keyReuse.provenance), forKey: .keyReuse)
        try container.encodeIfPresent(served.map { Self.servedJSON($0.issuer, days: $0.lifetimeDays) }, forKey: .served)
        try container.encodeIfPresent(
            caChange.map { change in
                let served = Self.servedJSON(change.served, days: 0)
                return Change(declared: change.declared, servedCA: served.ca, servedIssuer: served.issuer)
            }, forKey: .caChange)
        try container.encode(
            pools(issuedOn: day).map { pool in
                PoolJSON(
                    root: pool.root, rootPin: pool.rootPin,
                    active: pool.intermediates.filter { $0.status == .active }.map(\.label),
                    backup: pool.intermediates.filter { $0.status == .backup }.map(\.label))
            }, forKey: .pools)
        try container.encodeIfPresent(renewAt, forKey: .renewAt)
    }

    private static func servedJSON(_ issuer: ServedIssuer, days: Int) -> Served {
        switch issuer {
        case .catalog(let id, let intermediate):
            return Served(ca: id, issuer: intermediate, inCatalog: true, lifetimeDays: days)
        case .outsideCatalog(let name):
            return Served(ca: nil, issuer: name, inCatalog: false, lifetimeDays: days)
        }
    }
}
