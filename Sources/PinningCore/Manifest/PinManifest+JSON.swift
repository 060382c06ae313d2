import Foundation

// Manifest values from strict JSON (``JSONReader``'s tape) and to JSON (`Encodable`, for ``CanonicalJSON``).

extension PinManifest: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema, trustAnchors, caCatalog, releaseFieldDays, domains
    }

    /// Reads the manifest whose top-level object is the tape's first node; `domains`, when given, limits which
    /// elements of `domains` are built (the others are left out: a part of a parallel decode).
    init(_ tape: JSONTape, domains share: Range<Int>? = nil) throws(SchemaFailure) {
        let fields = try StrictFields(tape, 0, CodingKeys.self)
        schema = try fields.int(.schema)
        guard schema == Self.currentSchema else {
            throw fields.invalid(
                .schema, "schema \(schema) is not supported (this pinbench reads schema \(Self.currentSchema))")
        }
        trustAnchors = try fields.stringsIfPresent(.trustAnchors)
        caCatalog = try fields.stringIfPresent(.caCatalog)
        if let folder = caCatalog,
            folder.isEmpty || folder.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            throw fields.invalid(.caCatalog, "caCatalog names a folder: not empty, with no control characters")
        }
        releaseFieldDays = try fields.intIfPresent(.releaseFieldDays)
        if let days = releaseFieldDays, !Self.releaseFieldDaysRange.contains(days) {
            throw fields.invalid(
                .releaseFieldDays,
                "releaseFieldDays is how many days a release stays in the field: \(Self.releaseFieldDaysRange.lowerBound) "
                    + "to \(Self.releaseFieldDaysRange.upperBound), not \(days)")
        }
        domains = []
        guard let list = try fields.arrayIfPresent(.domains) else { return }
        domains.reserveCapacity(share?.count ?? list.remaining)
        var pinLists = PinListMemo()
        for (index, element) in list.enumerated() where share?.contains(index) ?? true {
            domains.append(
                try DomainPolicy(StrictFields(tape, element, DomainPolicy.CodingKeys.self), pinLists: &pinLists))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(trustAnchors, forKey: .trustAnchors)
        try container.encodeIfPresent(caCatalog, forKey: .caCatalog)
        try container.encodeIfPresent(releaseFieldDays, forKey: .releaseFieldDays)
        try container.encode(domains, forKey: .domains)
    }
}

extension DomainPolicy: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case host, port, connect, includeSubdomains, mode, expires, pins, reportUris, issuance
    }

    /// `pinLists` shares the pins of domains whose pins arrays repeat the same bytes.
    init(_ fields: StrictFields<CodingKeys>, pinLists: inout PinListMemo) throws(SchemaFailure) {
        let hostText = try fields.string(.host)
        do {
            host = try HostName(hostText).text
            normalizedHost = Self.normalize(host)
        } catch {
            throw fields.invalid(.host, error.description)
        }
        port = try fields.intIfPresent(.port) ?? 443
        guard (1...65_535).contains(port) else {
            throw fields.invalid(.port, "port \(port) is outside 1...65535")
        }
        if let text = try fields.stringIfPresent(.connect) {
            do {
                connect = try HostEndpoint(text).description
            } catch {
                throw fields.invalid(.connect, "the address to dial must be HOST[:PORT] or [IPv6]:PORT: \(error)")
            }
        } else {
            connect = nil
        }
        includeSubdomains = try fields.boolIfPresent(.includeSubdomains) ?? false
        mode = try fields.choice(.mode, default: .enforce)
        if let text = try fields.stringIfPresent(.expires) {
            guard let day = CalendarDay(text) else {
                throw fields.invalid(.expires, "\(JSONPathText.quoted(text)) is not a date of the form YYYY-MM-DD")
            }
            expires = day
        } else {
            expires = nil
        }
        pins = try pinLists.pins(fields)
        reportUris = try fields.stringsIfPresent(.reportUris)
        guard reportUris.count <= ReportURI.maximumCount else {
            throw fields.invalid(
                .reportUris, "\(reportUris.count) report URIs; at most \(ReportURI.maximumCount) are allowed")
        }
        for uri in reportUris {
            if let problem = ReportURI.problem(uri) { throw fields.invalid(.reportUris, problem) }
        }
        issuance = try DomainIssuance.read(fields)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(host, forKey: .host)
        try container.encode(port, forKey: .port)
        try container.encodeIfPresent(connect, forKey: .connect)
        try container.encode(includeSubdomains, forKey: .includeSubdomains)
        try container.encode(mode.rawValue, forKey: .mode)
        try container.encodeIfPresent(expires?.description, forKey: .expires)
        try container.encode(pins, forKey: .pins)
        if !reportUris.isEmpty { try container.encode(reportUris, forKey: .reportUris) }
        try container.encodeIfPresent(issuance.flatMap { $0.isEmpty ? nil : $0 }, forKey: .issuance)
    }
}

extension Pin: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, value, role, position, label, notAfter, added, note
    }

    init(_ fields: StrictFields<CodingKeys>) throws(SchemaFailure) {
        type = try fields.choice(.type)
        value = try fields.string(.value)
        role = try fields.choice(.role, default: .active)
        position = try fields.choice(.position, default: .any)
        label = try fields.stringIfPresent(.label)
        notAfter = try Self.timestamp(fields, .notAfter)
        added = try Self.timestamp(fields, .added)
        note = try fields.stringIfPresent(.note)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type.rawValue, forKey: .type)
        try container.encode(value, forKey: .value)
        try container.encode(role.rawValue, forKey: .role)
        try container.encode(position.rawValue, forKey: .position)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(notAfter.map(Timestamp.format), forKey: .notAfter)
        try container.encodeIfPresent(added.map(Timestamp.format), forKey: .added)
        try container.encodeIfPresent(note, forKey: .note)
    }

    private static func timestamp(
        _ fields: StrictFields<CodingKeys>, _ field: CodingKeys
    ) throws(SchemaFailure)
        -> Date?
    {
        guard let text = try fields.stringIfPresent(field) else { return nil }
        guard let date = Timestamp.parse(text) else {
            throw fields.invalid(
                field, "\(JSONPathText.quoted(text)) is not an ISO 8601 timestamp such as 2027-01-10T00:00:00Z")
        }
        return date
    }
}
