/// How a domain's certificates are issued, as far as the team states it (the manifest's `issuance`, docs/manifest.md):
/// the CA (a CA catalog id, or `private`), its profile, the lifetime and whether a renewal keeps the key. Every field is
/// optional; what is not stated is inferred from the served chain and the CA catalog, and shown as such.
///
/// The validator never reads it: it is what the forecast and lint plan renewals with.
public struct DomainIssuance: Hashable, Sendable, CustomStringConvertible {
    /// The `ca` value for a CA outside every catalog (a team's own, not described): bounded by the declaration only.
    public static let privateCA = "private"
    /// The lifetimes a manifest may state, as the CA catalog's profiles may.
    public static let lifetimeDaysRange = 1...3_650
    /// The longest CA id or profile name: more than any catalog uses.
    public static let maximumNameLength = 64

    /// A CA catalog id (`letsencrypt`), or ``privateCA``.
    public var ca: String?
    /// One of the CA's issuance profiles (`classic`, `tlsserver`, `shortlived`).
    public var profile: String?
    /// The lifetime of each certificate in days, when the team chose one shorter than the CA's.
    public var lifetimeDays: Int?
    /// True when a renewal keeps the key (certbot `--reuse-key`); ACME clients make a new one otherwise.
    public var keyReuse: Bool?

    public init(ca: String? = nil, profile: String? = nil, lifetimeDays: Int? = nil, keyReuse: Bool? = nil) {
        self.ca = ca
        self.profile = profile
        self.lifetimeDays = lifetimeDays
        self.keyReuse = keyReuse
    }

    /// True when no field is stated: the manifest then leaves `issuance` out.
    public var isEmpty: Bool { ca == nil && profile == nil && lifetimeDays == nil && keyReuse == nil }

    /// The stated fields as the manifest names them (`ca=letsencrypt profile=classic`), or `none`.
    public var description: String {
        let parts = [
            ca.map { "ca=\($0)" }, profile.map { "profile=\($0)" }, lifetimeDays.map { "lifetimeDays=\($0)" },
            keyReuse.map { "keyReuse=\($0)" },
        ].compactMap { $0 }
        return parts.isEmpty ? "none" : parts.joined(separator: " ")
    }

    /// Why `name` cannot be a CA id or a profile name, or nil when it can: 1 to 64 ASCII letters, digits, `-`, `_`
    /// or `.`, so that a name is one word in a command, a file and a terminal. The CA catalog's reader applies the
    /// same rule to its ids and profiles, so every name a catalog offers can be written here.
    public static func nameProblem(_ name: String) -> String? {
        guard !name.isEmpty, name.utf8.count <= maximumNameLength else {
            return "a name is 1 to \(maximumNameLength) characters"
        }
        let allowed = name.utf8.allSatisfy { byte in
            (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
        return allowed ? nil : "a name is ASCII letters, digits, '-', '_' and '.' only"
    }

    /// Why `days` cannot be a lifetime, or nil when it can.
    public static func lifetimeProblem(_ days: Int) -> String? {
        lifetimeDaysRange.contains(days)
            ? nil
            : "a lifetime is \(lifetimeDaysRange.lowerBound) to \(lifetimeDaysRange.upperBound) days, not \(days)"
    }
}

extension DomainIssuance: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case ca, profile, lifetimeDays, keyReuse
    }

    /// The domain's `issuance` object from strict JSON, or nil when absent, null or empty (`{}` states nothing, and
    /// is written as nothing).
    static func read(_ fields: StrictFields<DomainPolicy.CodingKeys>) throws(SchemaFailure) -> DomainIssuance? {
        guard let node = fields.valueNode(.issuance) else { return nil }
        let issuance = try DomainIssuance(StrictFields(fields.tape, node, CodingKeys.self))
        return issuance.isEmpty ? nil : issuance
    }

    private init(_ fields: StrictFields<CodingKeys>) throws(SchemaFailure) {
        for field in [CodingKeys.ca, .profile] {
            if let name = try fields.stringIfPresent(field), let problem = Self.nameProblem(name) {
                throw fields.invalid(field, "\(JSONPathText.quoted(name)) is not usable: \(problem)")
            }
        }
        ca = try fields.stringIfPresent(.ca)
        profile = try fields.stringIfPresent(.profile)
        lifetimeDays = try fields.intIfPresent(.lifetimeDays)
        if let days = lifetimeDays, let problem = Self.lifetimeProblem(days) {
            throw fields.invalid(.lifetimeDays, problem)
        }
        keyReuse = try fields.boolIfPresent(.keyReuse)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(ca, forKey: .ca)
        try container.encodeIfPresent(profile, forKey: .profile)
        try container.encodeIfPresent(lifetimeDays, forKey: .lifetimeDays)
        try container.encodeIfPresent(keyReuse, forKey: .keyReuse)
    }
}
