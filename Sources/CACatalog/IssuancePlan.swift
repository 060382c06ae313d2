import Foundation
import PinningCore

/// How a domain's certificates will be issued: its `issuance` setting, with what the setting does not state inferred
/// from the served chain (the issuer's CA and pool from the catalog, by key; the profile from the leaf's lifetime) or
/// supplied by the catalog, each value saying which. The one answer to "for this domain, issued on day D, what
/// lifetime and which issuers" (``lifetime(issuedOn:)``, ``pools(issuedOn:)``): `pinbench ca --host`, `domain set`
/// and the workbench's settings form all show this value.
///
/// The served chain is evidence: its issuer counts only when a catalog key verifies the leaf's signature, whatever
/// its names say. A declared CA that differs from the served chain's is kept as planned (a team moving CA declares
/// the new one) and reported as ``caChange``.
public struct IssuancePlan: Sendable {
    /// A value of the plan and where it comes from; nil when not known.
    public struct Value<Wrapped: Hashable & Sendable>: Hashable, Sendable {
        public let value: Wrapped?
        public let provenance: IssuanceProvenance

        public init(value: Wrapped?, provenance: IssuanceProvenance) {
            self.value = value
            self.provenance = provenance
        }
    }

    /// The served leaf's issuer, as the catalog recognises it (by key) or not.
    public enum ServedIssuer: Hashable, Sendable {
        /// A catalog intermediate's key signed the leaf: the CA's id and the intermediate's label.
        case catalog(ca: String, intermediate: String)
        /// No catalog key signed it: the issuer name the leaf states (a claim, not a fact).
        case outsideCatalog(issuer: String)
    }

    /// What the served chain says: who signed its leaf, and the leaf's lifetime.
    public struct ServedLeaf: Hashable, Sendable {
        public let issuer: ServedIssuer
        public let lifetimeDays: Int

        public init(issuer: ServedIssuer, lifetimeDays: Int) {
            self.issuer = issuer
            self.lifetimeDays = lifetimeDays
        }
    }

    /// The declared CA is not the served chain's: renewals are planned from the declared one.
    public struct CAChange: Hashable, Sendable {
        public let declared: String
        public let served: ServedIssuer

        public init(declared: String, served: ServedIssuer) {
            self.declared = declared
            self.served = served
        }
    }

    /// The intermediates a renewal may come from under one root key.
    public struct Pool: Hashable, Sendable {
        public let root: String
        public let rootPin: String
        public let intermediates: [CatalogCertificate]
    }

    public let host: String
    /// The issuance day the plan is shown for (today, or `--date`).
    public let day: CalendarDay
    public let ca: Value<String>
    public let profile: Value<String>
    public let keyReuse: Value<Bool>
    public let declaredLifetimeDays: Int?
    /// The served leaf's issuer and lifetime; nil without a served chain.
    public let served: ServedLeaf?
    public let caChange: CAChange?
    /// The catalog CA renewals come from (declared or inferred); nil for `private` or an id the catalog lacks.
    public let authority: CertificateAuthority?
    /// The profile in the catalog, when the CA offers the one planned.
    public let issuanceProfile: IssuanceProfile?
    /// The root key of the served chain's pool, when the chain comes from the planned CA.
    private let servedRootPin: String?
    /// True when the served chain comes from the planned CA but its leaf's lifetime is no profile's: the catalog
    /// does not describe what the CA issues this domain, so the leaf's own lifetime bounds the plan too.
    private let servedLeafMatchesNoProfile: Bool

    /// The plan for `host` with the setting `issuance` (nil when the manifest has none), the chain it serves
    /// (leaf first; nil when none was fetched) and the CAs of `catalog`, for a certificate issued on `date`.
    public init(
        host: String, issuance: DomainIssuance?, served chain: [ChainCertificate]?, catalog: CACatalog, on date: Date
    ) {
        let declared = issuance ?? DomainIssuance()
        self.host = host
        day = CalendarDay(containing: date)
        declaredLifetimeDays = declared.lifetimeDays
        let recognition = chain.flatMap(catalog.recognise)
        let served = chain?.first.map { leaf in
            let issuer =
                recognition.map { ServedIssuer.catalog(ca: $0.authority.id, intermediate: $0.intermediate.label) }
                ?? .outsideCatalog(issuer: leaf.details.issuer)
            return ServedLeaf(issuer: issuer, lifetimeDays: Self.lifetimeDays(of: leaf))
        }
        self.served = served
        let planned: CertificateAuthority?
        if let name = declared.ca {
            ca = Value(value: name, provenance: .declared)
            planned = catalog.authority(id: name)
        } else if let recognition {
            let evidence = IssuanceEvidence.servedIssuer(recognition.intermediate.label)
            ca = Value(value: recognition.authority.id, provenance: .inferred(evidence))
            planned = recognition.authority
        } else {
            let unknown = served.map { IssuanceUnknown.issuerOutsideCatalog(Self.issuerName($0.issuer)) }
            ca = Value(value: nil, provenance: .unknown(unknown ?? .noServedChain))
            planned = nil
        }
        authority = planned
        caChange = Self.change(declared: declared.ca, served: served?.issuer, catalog: catalog)
        let fromPlannedCA = recognition.flatMap { $0.authority.id == planned?.id ? $0 : nil }
        servedRootPin = fromPlannedCA?.rootPin
        let leafProfile = planned.flatMap { authority in fromPlannedCA.flatMap { Self.profile(of: $0, in: authority) } }
        servedLeafMatchesNoProfile = fromPlannedCA != nil && leafProfile == nil
        let resolved = Self.profile(
            declared.profile, planned, leafProfile: leafProfile, leafDays: served?.lifetimeDays ?? 0,
            caKnown: declared.ca != nil)
        profile = resolved.value
        issuanceProfile = resolved.profile
        if let reuse = declared.keyReuse {
            keyReuse = Value(value: reuse, provenance: .declared)
        } else if let known = resolved.profile {
            keyReuse = Value(value: known.keyReuse, provenance: .defaulted(.profile(known.name)))
        } else {
            keyReuse = Value(value: nil, provenance: .unknown(chain == nil ? .noServedChain : .keyReuseNeedsTwoChains))
        }
    }

    /// The lifetime of a certificate issued on the plan's day.
    public var lifetime: LifetimeBound { lifetime(issuedOn: day) }

    /// The lifetime of a certificate issued on `day`. A public CA's (and an unknown CA's, unless declared `private`)
    /// is bounded by the team's declaration, the CA's profile on that day and SC-081's maximum; a private CA's by the
    /// declaration (its catalog profile, or `lifetimeDays`) only. With neither a catalog entry nor a declaration,
    /// the served leaf's lifetime stands in, unless the team is moving CA; it bounds the plan too when the leaf comes
    /// from the planned CA but matches none of its profiles (the catalog does not describe what it issues).
    public func lifetime(issuedOn day: CalendarDay) -> LifetimeBound {
        var terms: [LifetimeBound.Term] = []
        if let days = declaredLifetimeDays { terms.append(.init(limit: .declared, days: days)) }
        if let authority, let planned = issuanceProfile ?? authority.defaultProfile {
            // A profile not offered yet on that day is not what the CA issues then: its default is.
            let used = planned.isOffered(on: day) ? planned : authority.defaultProfile ?? planned
            terms.append(.init(limit: .profile(used.name), days: used.lifetimeDays(issuedOn: day)))
        }
        if isPublic { terms.append(.init(limit: .publicMaximum, days: PublicLifetimeLimit.maximumDays(issuedOn: day))) }
        if let served, authority == nil, declaredLifetimeDays == nil, caChange == nil {
            terms.append(.init(limit: .servedLeaf, days: served.lifetimeDays))
        } else if let served, servedLeafMatchesNoProfile {
            terms.append(.init(limit: .servedLeafNoProfile, days: served.lifetimeDays))
        }
        return LifetimeBound(day: day, terms: terms)
    }

    /// True when SC-081 bounds the CA's certificates: a public catalog CA, or a CA the catalog does not know that
    /// the team has not declared `private`.
    public var isPublic: Bool {
        authority?.isPublic ?? (ca.value != DomainIssuance.privateCA)
    }

    /// The pools a certificate issued on `day` may come from: under the served chain's root key when the chain comes
    /// from the planned CA, else every pool of the CA that may issue that day (the key type is not known). Empty for
    /// a CA outside the catalog.
    public func pools(issuedOn day: CalendarDay) -> [Pool] {
        guard let authority, let date = day.startDate else { return [] }
        var roots: [String] = servedRootPin.map { [$0] } ?? []
        if roots.isEmpty {
            for entry in authority.certificates where entry.mayIssue(on: date) {
                if let pin = authority.signerPins[entry.file], !roots.contains(pin) { roots.append(pin) }
            }
        }
        return roots.map { pin in
            Pool(
                root: authority.keyLabel(pin) ?? pin, rootPin: pin, intermediates: authority.pool(under: pin, on: date))
        }
    }

    /// The fraction of a lifetime after which the CA's certificates are renewed; nil for a CA outside the catalog.
    public var renewAt: Double? { authority?.renewAt }

    /// A leaf's lifetime in whole days, as CAs count it (notAfter is the last second, so 90 days are 90 × 86,400 − 1
    /// seconds).
    public static func lifetimeDays(of leaf: ChainCertificate) -> Int {
        let seconds = leaf.notAfter.timeIntervalSince(leaf.details.notBefore)
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int((seconds / 86_400).rounded())
    }

    private static func issuerName(_ issuer: ServedIssuer) -> String {
        switch issuer {
        case .catalog(_, let intermediate): return intermediate
        case .outsideCatalog(let name): return name
        }
    }

    /// The declared CA differs from the served chain's: a catalog CA other than the declared one, or a chain from
    /// outside the catalog when the declared CA is in it. An id the catalog lacks is lint's to report instead.
    private static func change(declared: String?, served: ServedIssuer?, catalog: CACatalog) -> CAChange? {
        guard let declared, let served else { return nil }
        switch served {
        case .catalog(let id, _):
            return id == declared ? nil : CAChange(declared: declared, served: served)
        case .outsideCatalog:
            return catalog.authority(id: declared) == nil ? nil : CAChange(declared: declared, served: served)
        }
    }

    /// The planned profile: the declared one; else the one the served leaf's lifetime matches; else the CA's default.
    private static func profile(
        _ declared: String?, _ authority: CertificateAuthority?, leafProfile: IssuanceProfile?, leafDays: Int,
        caKnown: Bool
    ) -> (value: Value<String>, profile: IssuanceProfile?) {
        if let declared {
            return (Value(value: declared, provenance: .declared), authority?.profile(named: declared))
        }
        guard let authority else {
            return (Value(value: nil, provenance: .unknown(caKnown ? .caNotInCatalog : .caUnknown)), nil)
        }
        if let leafProfile {
            return (Value(value: leafProfile.name, provenance: .inferred(.servedLeafLifetime(leafDays))), leafProfile)
        }
        let fallback = authority.defaultProfile
        return (Value(value: fallback?.name, provenance: .defaulted(.caDefaultProfile)), fallback)
    }

    /// How far a served leaf's lifetime may be from a profile's and still be that profile's: a day. CAs do not all
    /// count a lifetime the same way (Let's Encrypt's 6-day certificates are valid 160 hours; most CAs make notAfter
    /// the last second of the last day).
    static let profileMatchTolerance: TimeInterval = 86_400

    /// The profile of `authority` that issued the recognised leaf: offered on the leaf's day, with a lifetime within
    /// ``profileMatchTolerance`` of the leaf's; the closest, the default first among equals. Nil when none is.
    static func profile(of recognition: CatalogRecognition, in authority: CertificateAuthority) -> IssuanceProfile? {
        let leaf = recognition.leaf
        let seconds = leaf.notAfter.timeIntervalSince(leaf.details.notBefore)
        guard seconds.isFinite, seconds > 0 else { return nil }
        let leafDay = CalendarDay(containing: leaf.details.notBefore)
        let candidates = authority.profiles.compactMap { profile -> (profile: IssuanceProfile, gap: TimeInterval)? in
            guard profile.isOffered(on: leafDay) else { return nil }
            let gap = abs(seconds - Double(profile.lifetimeDays(issuedOn: leafDay)) * 86_400)
            return gap <= profileMatchTolerance ? (profile, gap) : nil
        }
        let closest = candidates.min { $0.gap < $1.gap }?.gap
        let matching = candidates.filter { $0.gap == closest }.map(\.profile)
        return matching.first(where: \.isDefault) ?? matching.first
    }
}
