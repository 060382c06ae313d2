import Foundation
import PinningCore

// A build-backed release's record in the releases file: strict in (unknown fields, hosts the manifest's rule refuses,
// malformed pins and lists past their bounds are refused with their JSON path), canonical out. Every list is bounded
// by the scan's own cap on findings, so what the writer writes the reader reads back.

extension ReleaseBuild: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case artifact, sha256, platform, package, version, buildNumber, brokenRules, domains, unplaced
    }

    /// Entries of any one list (domains, pins, places): a scan reports at most 10,000 findings.
    public static let maximumListCount = 10_000
    /// The longest text kept (an entry's name, a key path): longer ones are cut by ``limited(_:)`` when written.
    public static let maximumTextLength = 4_096

    /// `text` cut to ``maximumTextLength`` characters, as the record keeps it.
    public static func limited(_ text: String) -> String {
        text.count <= maximumTextLength ? text : String(text.prefix(maximumTextLength - 1)) + "…"
    }

    /// Why the record refuses `text` in a text field (``ReleaseEntry/textRefusal(_:maximumLength:)``, the releases
    /// file's one rule), or nil.
    public static func refusal(_ text: String) -> String? {
        ReleaseEntry.textRefusal(text, maximumLength: maximumTextLength)
    }

    init(_ fields: StrictFields<CodingKeys>) throws(SchemaFailure) {
        artifact = try Self.text(fields, .artifact)
        sha256 = try fields.string(.sha256)
        // ASCII only: Character.isHexDigit also takes fullwidth digits and letters.
        let hex = Set("0123456789abcdef".utf8)
        guard sha256.utf8.count == 64, sha256.utf8.allSatisfy(hex.contains) else {
            throw fields.invalid(.sha256, "a SHA-256 is 64 lower-case hex digits")
        }
        platform = (try fields.choice(.platform) as Platform).rawValue
        package = try fields.stringIfPresent(.package).map { value throws(SchemaFailure) in
            try Self.text(fields, .package, value: value)
        }
        version = try fields.stringIfPresent(.version).map { value throws(SchemaFailure) in
            try Self.text(fields, .version, value: value)
        }
        buildNumber = try fields.stringIfPresent(.buildNumber).map { value throws(SchemaFailure) in
            try Self.text(fields, .buildNumber, value: value)
        }
        brokenRules = try fields.stringsIfPresent(.brokenRules)
        guard brokenRules.count <= 64 else { throw fields.invalid(.brokenRules, "more than 64 rules") }
        guard brokenRules.allSatisfy({ Rule(rawValue: $0) != nil }) else {
            let allowed = Rule.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw fields.invalid(.brokenRules, "holds a rule that is not one of \(allowed)")
        }
        domains = []
        if let list = try fields.arrayIfPresent(.domains) {
            guard list.remaining <= Self.maximumListCount else {
                throw fields.invalid(.domains, "more than \(Self.maximumListCount) domains")
            }
            var hosts: Set<String> = []
            for element in list {
                let domainFields = try StrictFields(fields.tape, element, Domain.CodingKeys.self)
                let domain = try Domain(domainFields)
                guard hosts.insert(domain.host).inserted else {
                    throw domainFields.invalid(.host, "a second domain for \(domain.host)")
                }
                domains.append(domain)
            }
        }
        unplaced = try FoundPin.list(fields, .unplaced)
    }

    fileprivate static func text<Key>(
        _ fields: StrictFields<Key>, _ field: Key, value: String? = nil
    ) throws(SchemaFailure) -> String where Key: RawRepresentable & CaseIterable & Equatable, Key.RawValue == String {
        let text: String
        if let value { text = value } else { text = try fields.string(field) }
        if let refusal = ReleaseEntry.textRefusal(text, maximumLength: maximumTextLength) {
            throw fields.invalid(field, refusal)
        }
        return text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(artifact, forKey: .artifact)
        try container.encode(sha256, forKey: .sha256)
        try container.encode(platform, forKey: .platform)
        try container.encodeIfPresent(package, forKey: .package)
        try container.encodeIfPresent(version, forKey: .version)
        try container.encodeIfPresent(buildNumber, forKey: .buildNumber)
        if !brokenRules.isEmpty { try container.encode(brokenRules, forKey: .brokenRules) }
        try container.encode(domains, forKey: .domains)
        if !unplaced.isEmpty { try container.encode(unplaced, forKey: .unplaced) }
    }
}

extension ReleaseBuild.Domain: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case host, includeSubdomains, mode, expires, pins, alsoChecked
    }

    init(_ fields: StrictFields<CodingKeys>) throws(SchemaFailure) {
        let text = try fields.string(.host)
        do {
            host = try HostName(text).text
        } catch {
            throw fields.invalid(.host, error.description)
        }
        includeSubdomains = try fields.boolIfPresent(.includeSubdomains) ?? false
        mode = try fields.choice(.mode, default: .enforce)
        if let day = try fields.stringIfPresent(.expires) {
            guard let parsed = CalendarDay(day) else {
                throw fields.invalid(.expires, "not a date of the form YYYY-MM-DD")
            }
            expires = parsed
        }
        pins = try ReleaseBuild.FoundPin.list(fields, .pins)
        alsoChecked = try ReleaseBuild.FoundPin.list(fields, .alsoChecked)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(host, forKey: .host)
        try container.encode(includeSubdomains, forKey: .includeSubdomains)
        try container.encode(mode.rawValue, forKey: .mode)
        try container.encodeIfPresent(expires?.description, forKey: .expires)
        try container.encode(pins, forKey: .pins)
        if !alsoChecked.isEmpty { try container.encode(alsoChecked, forKey: .alsoChecked) }
    }
}

extension ReleaseBuild.FoundPin: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, value, position, found
    }

    /// The pins of a list field, each well formed and listed once.
    static func list<Key>(
        _ fields: StrictFields<Key>, _ field: Key
    ) throws(SchemaFailure) -> [Self] where Key: RawRepresentable & CaseIterable & Equatable, Key.RawValue == String {
        guard let list = try fields.arrayIfPresent(field) else { return [] }
        guard list.remaining <= ReleaseBuild.maximumListCount else {
            throw fields.invalid(field, "more than \(ReleaseBuild.maximumListCount) pins")
        }
        var pins: [Self] = []
        var seen: Set<String> = []
        for element in list {
            let pinFields = try StrictFields(fields.tape, element, CodingKeys.self)
            let pin = try Self(pinFields)
            guard seen.insert(pin.pin.type.rawValue + " " + pin.pin.value).inserted else {
                throw pinFields.invalid(.value, "the pin is listed twice")
            }
            pins.append(pin)
        }
        return pins
    }

    init(_ fields: StrictFields<CodingKeys>) throws(SchemaFailure) {
        let type: PinType = try fields.choice(.type)
        let value = try fields.string(.value)
        let position: PinPosition = try fields.choice(.position, default: .any)
        pin = Pin(type: type, value: value, position: position)
        guard pin.hasWellFormedValue else { throw fields.invalid(.value, "not base64 of 32 bytes") }
        found = []
        guard let list = try fields.arrayIfPresent(.found), list.remaining > 0 else {
            throw fields.invalid(.found, "a pin from a build names where it was found")
        }
        guard list.remaining <= ReleaseBuild.maximumListCount else {
            throw fields.invalid(.found, "more than \(ReleaseBuild.maximumListCount) places")
        }
        for element in list {
            found.append(try ReleaseBuild.Place(StrictFields(fields.tape, element, ReleaseBuild.Place.CodingKeys.self)))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pin.type.rawValue, forKey: .type)
        try container.encode(pin.value, forKey: .value)
        try container.encode(pin.position.rawValue, forKey: .position)
        try container.encode(found, forKey: .found)
    }
}

extension ReleaseBuild.Place: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case entry, keyPath, line, offset, certainty
    }

    init(_ fields: StrictFields<CodingKeys>) throws(SchemaFailure) {
        entry = try ReleaseBuild.text(fields, .entry)
        keyPath = try fields.stringIfPresent(.keyPath).map { value throws(SchemaFailure) in
            try ReleaseBuild.text(fields, .keyPath, value: value)
        }
        line = try fields.intIfPresent(.line)
        offset = try fields.intIfPresent(.offset)
        if let line, line < 0 { throw fields.invalid(.line, "a line is not negative") }
        if let offset, offset < 0 { throw fields.invalid(.offset, "an offset is not negative") }
        certainty = try fields.choice(.certainty)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entry, forKey: .entry)
        try container.encodeIfPresent(keyPath, forKey: .keyPath)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encodeIfPresent(offset, forKey: .offset)
        try container.encode(certainty.rawValue, forKey: .certainty)
    }
}
