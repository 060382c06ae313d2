import Foundation
import PinningCore

// The releases file's JSON: strict in (unknown fields, duplicate names, option-like revisions and impossible
// shares are refused with file, line, column and JSON path), canonical out.

extension ReleaseList: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema, releases
    }

    public static func decode(_ data: Data, path: String) throws(ManifestError) -> ReleaseList {
        try ManifestCodec.decodeDocument(data, path: path) { tape throws(SchemaFailure) in
            try ReleaseList(StrictFields(tape, 0, CodingKeys.self))
        }
    }

    init(_ fields: StrictFields<CodingKeys>) throws(SchemaFailure) {
        let schema = try fields.int(.schema)
        guard schema == Self.currentSchema else {
            throw fields.invalid(
                .schema, "schema \(schema) is not supported (this pinbench reads schema \(Self.currentSchema))")
        }
        releases = []
        guard let list = try fields.arrayIfPresent(.releases) else { return }
        guard list.remaining <= Self.maximumCount else {
            throw fields.invalid(
                .releases, "\(list.remaining) releases, more than the \(Self.maximumCount) a releases file may hold")
        }
        var names: Set<String> = []
        var total = 0.0
        for element in list {
            let entryFields = try StrictFields(fields.tape, element, ReleaseEntry.CodingKeys.self)
            let entry = try ReleaseEntry(entryFields)
            guard names.insert(entry.name).inserted else {
                throw entryFields.invalid(.name, "a second release named \(quoted(entry.name))")
            }
            total += entry.share ?? 0
            guard total <= 100.000_1 else {
                throw entryFields.invalid(.share, "the shares add up to \(total) %, more than 100 %")
            }
            releases.append(entry)
        }
    }

    public func encoded() -> Data {
        // A share that is not finite (never from the file's reader, which refuses it) is written as a string the
        // reader refuses in turn, rather than trapping while the releases file is locked: writers check their list
        // by reading it back before it replaces the file.
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return (try? CanonicalJSON.encode(self, encoder: encoder)) ?? Data()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentSchema, forKey: .schema)
        try container.encode(releases, forKey: .releases)
    }
}

extension ReleaseEntry: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, shipped, share, revision, path, file, format, build
    }

    /// The longest name, revision or path accepted: far beyond any real one, short enough for a table.
    static let maximumTextLength = 256

    init(_ fields: StrictFields<CodingKeys>) throws(SchemaFailure) {
        name = try Self.text(fields, .name)
        guard !Release.isCandidateName(name) else {
            throw fields.invalid(.name, Release.candidateNameRefusal(name))
        }
        if let text = try fields.stringIfPresent(.shipped) {
            guard let day = CalendarDay(text) else {
                throw fields.invalid(.shipped, "\(quoted(text)) is not a date of the form YYYY-MM-DD")
            }
            shipped = day
        }
        share = try fields.doubleIfPresent(.share)
        if let share, !(0...100).contains(share) {
            throw fields.invalid(.share, "a share of \(share) % is outside 0 to 100")
        }
        format = try fields.choice(.format, default: .manifest)
        if let node = fields.valueNode(.build) {
            for other in [CodingKeys.revision, .path, .file, .format] where fields.valueNode(other) != nil {
                throw fields.invalid(other, "a release from a build records its pins itself: no \"\(other.rawValue)\"")
            }
            source = .build(try ReleaseBuild(StrictFields(fields.tape, node, ReleaseBuild.CodingKeys.self)))
            return
        }
        let revision = try fields.stringIfPresent(.revision)
        let file = try fields.stringIfPresent(.file)
        switch (revision, file) {
        case (let revision?, nil):
            let revision = try Self.text(fields, .revision, value: revision)
            // A revision is handed to git: one that starts with "-" would be read as an option.
            guard !revision.hasPrefix("-") else {
                throw fields.invalid(.revision, "a revision may not start with \"-\" (git would read it as an option)")
            }
            let path = try fields.stringIfPresent(.path).map { path throws(SchemaFailure) in
                try Self.text(fields, .path, value: path)
            }
            source = .revision(revision, path: path)
        case (nil, let file?):
            guard fields.valueNode(.path) == nil else {
                throw fields.invalid(.path, "\"path\" goes with \"revision\"; a \"file\" names its file itself")
            }
            source = .file(try Self.text(fields, .file, value: file))
        case (nil, nil):
            throw fields.invalid(
                .revision, "a release needs \"revision\" (a git revision), \"file\" or \"build\"")
        case (_?, _?):
            throw fields.invalid(.file, "a release takes \"revision\" or \"file\", not both")
        }
    }

    /// A required or given text field: not empty, no control character, at most ``maximumTextLength`` long.
    private static func text(
        _ fields: StrictFields<CodingKeys>, _ field: CodingKeys, value: String? = nil
    ) throws(SchemaFailure) -> String {
        let text: String
        if let value { text = value } else { text = try fields.string(field) }
        if let refusal = textRefusal(text, maximumLength: maximumTextLength) { throw fields.invalid(field, refusal) }
        return text
    }

    /// Why the releases file refuses `text` as a text field, or nil: the one rule its reader applies to every text
    /// (a release's name, revision and path, and a build's record), and that writers apply before writing, so that
    /// what is written reads back. Empty, past `maximumLength` characters, or holding a control character (ESC
    /// would reach a terminal from every listing).
    public static func textRefusal(_ text: String, maximumLength: Int) -> String? {
        guard !text.isEmpty, text.count <= maximumLength else { return "must hold 1 to \(maximumLength) characters" }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return "\(quoted(text)) holds a control character"
        }
        return nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(shipped?.description, forKey: .shipped)
        try container.encodeIfPresent(share, forKey: .share)
        switch source {
        case .revision(let revision, let path):
            try container.encode(revision, forKey: .revision)
            try container.encodeIfPresent(path, forKey: .path)
        case .file(let file):
            try container.encode(file, forKey: .file)
        case .build(let build):
            try container.encode(build, forKey: .build)
            return
        }
        try container.encode(format.rawValue, forKey: .format)
    }
}

/// A text from the file, quoted for an error message: escaped as every terminal text is.
private func quoted(_ text: String) -> String { "\"" + text.terminalSafe + "\"" }
