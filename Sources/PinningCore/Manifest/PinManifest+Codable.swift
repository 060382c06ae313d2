import Foundation

extension PinManifest: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema, trustAnchors, domains
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try container.decode(Int.self, forKey: .schema)
        guard schema == Self.currentSchema else {
            throw DecodingError.dataCorruptedError(
                forKey: .schema,
                in: container,
                debugDescription: "schema \(schema) is not supported (this pinbench reads schema \(Self.currentSchema))"
            )
        }
        trustAnchors = try container.decodeIfPresent([String].self, forKey: .trustAnchors) ?? []
        domains = try container.decodeIfPresent([DomainPolicy].self, forKey: .domains) ?? []
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

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        host = try container.decode(String.self, forKey: .host)
        if host.isEmpty || host.contains(where: { $0.isWhitespace || $0 == "/" || $0 == ":" }) {
            throw DecodingError.dataCorruptedError(
                forKey: .host,
                in: container,
                debugDescription: "\"\(host)\" is not a host name (no scheme, port, path or spaces)"
            )
        }
        port = try container.decodeIfPresent(Int.self, forKey: .port) ?? 443
        guard (1...65_535).contains(port) else {
            throw DecodingError.dataCorruptedError(
                forKey: .port,
                in: container,
                debugDescription: "port \(port) is outside 1...65535"
            )
        }
        connect = try container.decodeIfPresent(String.self, forKey: .connect)
        includeSubdomains = try container.decodeIfPresent(Bool.self, forKey: .includeSubdomains) ?? false
        mode =
            try container.contains(.mode) ? container.decodeChoice(EnforcementMode.self, forKey: .mode) : .enforce
        if let text = try container.decodeIfPresent(String.self, forKey: .expires) {
            guard let day = CalendarDay(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .expires,
                    in: container,
                    debugDescription: "\"\(text)\" is not a date of the form YYYY-MM-DD"
                )
            }
            expires = day
        } else {
            expires = nil
        }
        pins = try container.decodeIfPresent([Pin].self, forKey: .pins) ?? []
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

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeChoice(PinType.self, forKey: .type)
        value = try container.decode(String.self, forKey: .value)
        role = try container.contains(.role) ? container.decodeChoice(PinRole.self, forKey: .role) : .active
        position =
            try container.contains(.position) ? container.decodeChoice(PinPosition.self, forKey: .position) : .any
        label = try container.decodeIfPresent(String.self, forKey: .label)
        notAfter = try Self.decodeTimestamp(container, .notAfter)
        added = try Self.decodeTimestamp(container, .added)
        note = try container.decodeIfPresent(String.self, forKey: .note)
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

    private static func decodeTimestamp(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws
        -> Date?
    {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = Timestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: container,
                debugDescription: "\"\(text)\" is not an ISO 8601 timestamp such as 2027-01-10T00:00:00Z"
            )
        }
        return date
    }
}

/// ISO 8601 timestamps in UTC with whole seconds: the manifest's only time format.
///
/// The format styles are values built once: a manifest of 10,000 domains holds tens of thousands of timestamps, and
/// building a formatter per timestamp made loading it take seconds.
public enum Timestamp {
    private static let wholeSeconds = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
    private static let fractionalSeconds = Date.ISO8601FormatStyle(
        includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!)

    public static func format(_ date: Date) -> String {
        wholeSeconds.format(date)
    }

    /// Parses `2027-01-10T00:00:00Z`, with or without fractional seconds, or a bare `2027-01-10` (midnight UTC).
    public static func parse(_ text: String) -> Date? {
        if let date = try? wholeSeconds.parse(text) { return date }
        if let date = try? fractionalSeconds.parse(text) { return date }
        return CalendarDay(text)?.startDate
    }
}
