import Foundation

extension PinManifest: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema, trustAnchors, domains
    }

    struct FieldName: FieldKey {
        typealias Field = CodingKeys
        let stringValue: String
        init(name: String) { stringValue = name }
    }

    public init(from decoder: Decoder) throws {
        let fields = try StrictFields(decoder, FieldName.self)
        schema = try fields.decode(Int.self, .schema)
        guard schema == Self.currentSchema else {
            throw fields.invalid(
                .schema, "schema \(schema) is not supported (this pinbench reads schema \(Self.currentSchema))")
        }
        trustAnchors = try fields.decodeIfPresent([String].self, .trustAnchors) ?? []
        domains = []
        guard var list = try fields.nestedArrayIfPresent(.domains) else { return }
        // A part of a parallel decode builds only its share of the domains and skips the others cheaply.
        let share = (decoder.userInfo[ManifestCodec.partKey] as? ManifestCodec.Part)?.range(count: list.count)
        while !list.isAtEnd {
            if share?.contains(list.currentIndex) ?? true {
                domains.append(try DomainPolicy(try StrictFields(next: &list, DomainPolicy.FieldName.self)))
            } else {
                _ = try list.decode(SkippedValue.self)
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(trustAnchors, forKey: .trustAnchors)
        try container.encode(domains, forKey: .domains)
    }
}

extension DomainPolicy: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case host, port, connect, includeSubdomains, mode, expires, pins
    }

    struct FieldName: FieldKey {
        typealias Field = CodingKeys
        let stringValue: String
        init(name: String) { stringValue = name }
    }

    public init(from decoder: Decoder) throws {
        try self.init(StrictFields(decoder, FieldName.self))
    }

    init(_ fields: StrictFields<FieldName>) throws {
        host = try fields.decode(String.self, .host)
        if host.isEmpty || host.unicodeScalars.contains(where: Self.isForbiddenInHost) {
            throw fields.invalid(.host, "\"\(host)\" is not a host name (no scheme, port, path or spaces)")
        }
        port = try fields.decodeIfPresent(Int.self, .port) ?? 443
        guard (1...65_535).contains(port) else {
            throw fields.invalid(.port, "port \(port) is outside 1...65535")
        }
        connect = try fields.decodeIfPresent(String.self, .connect)
        includeSubdomains = try fields.decodeIfPresent(Bool.self, .includeSubdomains) ?? false
        mode = try fields.choice(.mode, default: .enforce)
        if let text = try fields.decodeIfPresent(String.self, .expires) {
            guard let day = CalendarDay(text) else {
                throw fields.invalid(.expires, "\"\(text)\" is not a date of the form YYYY-MM-DD")
            }
            expires = day
        } else {
            expires = nil
        }
        pins = []
        if var list = try fields.nestedArrayIfPresent(.pins) {
            while !list.isAtEnd {
                pins.append(try Pin(StrictFields(next: &list, Pin.FieldName.self)))
            }
        }
    }

    /// Whitespace, `/` and `:` mean a URL or `host:port` was pasted where a host name belongs.
    private static func isForbiddenInHost(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar == "/" || scalar == ":" || scalar == " " || (0x09...0x0D).contains(scalar.value)
        }
        return scalar.properties.isWhitespace
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
    }
}

extension Pin: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, value, role, position, label, notAfter, added, note
    }

    struct FieldName: FieldKey {
        typealias Field = CodingKeys
        let stringValue: String
        init(name: String) { stringValue = name }
    }

    public init(from decoder: Decoder) throws {
        try self.init(StrictFields(decoder, FieldName.self))
    }

    init(_ fields: StrictFields<FieldName>) throws {
        type = try fields.choice(.type)
        value = try fields.decode(String.self, .value)
        role = try fields.choice(.role, default: .active)
        position = try fields.choice(.position, default: .any)
        label = try fields.decodeIfPresent(String.self, .label)
        notAfter = try Self.decodeTimestamp(fields, .notAfter)
        added = try Self.decodeTimestamp(fields, .added)
        note = try fields.decodeIfPresent(String.self, .note)
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

    private static func decodeTimestamp(_ fields: StrictFields<FieldName>, _ field: CodingKeys) throws -> Date? {
        guard let text = try fields.decodeIfPresent(String.self, field) else { return nil }
        guard let date = Timestamp.parse(text) else {
            throw fields.invalid(field, "\"\(text)\" is not an ISO 8601 timestamp such as 2027-01-10T00:00:00Z")
        }
        return date
    }
}

/// Stands in for an array element that another part of a parallel decode builds.
private struct SkippedValue: Decodable {
    init(from decoder: Decoder) throws {}
}
