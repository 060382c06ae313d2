import Foundation
import PinningCore

/// A CA's `catalog.json` as written (docs/ca-catalog.md), before its certificates are read: strict JSON, so a typo
/// in a field name is an error with its line and JSON path rather than a fact silently lost.
struct CatalogDocument {
    struct Entry {
        let file: String
        let label: String
        let role: CatalogCertificate.Role
        let status: CatalogCertificate.Status
        let since: CalendarDay?
        let until: CalendarDay?
        let replacedBy: String?
        let inStores: Bool
        let leavesStores: CalendarDay?
        let leavesStoresApproximate: Bool
    }

    enum Keys: String, CaseIterable {
        case format, id, name, `public`, sources, issuance, renewAt, certificates, chains, profiles
    }

    /// The one format this reader knows.
    static let format = 1
    /// Far beyond any real CA's certificate count; bounds what a hostile catalog can make the reader load.
    static let maximumCertificates = 200

    let id: String
    let name: String
    let isPublic: Bool
    let sources: [String]
    let picksAtRandom: Bool
    let renewAt: Double
    let entries: [Entry]
    let chains: [OfferedChain]
    let profiles: [IssuanceProfile]

    static func decode(_ data: Data, path: String) throws(ManifestError) -> CatalogDocument {
        try ManifestCodec.decodeDocument(data, path: path) { tape throws(SchemaFailure) in
            try CatalogDocument(StrictFields(tape, 0, Keys.self))
        }
    }

    private init(_ fields: StrictFields<Keys>) throws(SchemaFailure) {
        let format = try fields.int(.format)
        guard format == Self.format else {
            throw fields.invalid(
                .format, "format \(format) is not supported (this pinbench reads format \(Self.format))")
        }
        id = try fields.string(.id)
        guard Self.isIdentifier(id) else {
            throw fields.invalid(
                .id, "an id is lower-case letters, digits and '-' (as a folder name), not \(quoted(id))")
        }
        guard id != DomainIssuance.privateCA else {
            throw fields.invalid(.id, "\"private\" is what a manifest's issuance names a CA outside every catalog")
        }
        name = try fields.string(.name)
        isPublic = try fields.boolIfPresent(.public) ?? false
        sources = try fields.stringsIfPresent(.sources)
        switch try fields.stringIfPresent(.issuance) ?? "random" {
        case "random": picksAtRandom = true
        case "sequential": picksAtRandom = false
        case let other: throw fields.invalid(.issuance, "\(quoted(other)) is neither \"random\" nor \"sequential\"")
        }
        renewAt = try fields.doubleIfPresent(.renewAt) ?? 2.0 / 3.0
        guard renewAt.isFinite, renewAt > 0, renewAt < 1 else {
            throw fields.invalid(.renewAt, "renewAt is the fraction of a lifetime before renewal, above 0 and below 1")
        }
        entries = try Self.elements(fields, .certificates, limit: Self.maximumCertificates, Entry.init(_:))
        chains = try Self.elements(fields, .chains, limit: Self.maximumCertificates, OfferedChain.init(_:))
        profiles = try Self.elements(fields, .profiles, limit: 100, IssuanceProfile.init(_:))
        var names: Set<String> = []
        for profile in profiles where !names.insert(profile.name).inserted {
            throw fields.invalid(.profiles, "the profile \(quoted(profile.name)) is listed twice")
        }
    }

    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64
            && text.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
            }
    }

    /// Each element of the array `field`, built from its object's fields.
    static func elements<Key, Field, Value>(
        _ fields: StrictFields<Key>, _ field: Key, limit: Int,
        _ build: (StrictFields<Field>) throws(SchemaFailure) -> Value
    ) throws(SchemaFailure) -> [Value]
    where
        Key: CaseIterable & RawRepresentable & Equatable, Key.RawValue == String,
        Field: CaseIterable & RawRepresentable & Equatable,
        Field.RawValue == String
    {
        guard let list = try fields.arrayIfPresent(field) else { return [] }
        guard list.remaining <= limit else {
            throw fields.invalid(field, "\(list.remaining) entries, more than the \(limit) a catalog may hold")
        }
        var values: [Value] = []
        for element in list { values.append(try build(StrictFields(fields.tape, element, Field.self))) }
        return values
    }

    static func day<Key>(_ fields: StrictFields<Key>, _ field: Key) throws(SchemaFailure) -> CalendarDay?
    where Key: CaseIterable & RawRepresentable & Equatable, Key.RawValue == String {
        guard let text = try fields.stringIfPresent(field) else { return nil }
        guard let day = CalendarDay(text) else {
            throw fields.invalid(field, "\(quoted(text)) is not a date of the form YYYY-MM-DD")
        }
        return day
    }
}

/// A value quoted for an error message (``TerminalSafeText/quoted(_:limit:)``): no text from a file reaches a
/// terminal raw.
func quoted(_ text: String) -> String { TerminalSafeText.quoted(text) }
