import PinningCore

/// The app configurations pins can be imported from, one reader per format in this folder.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// TrustKit's `TSKPinnedDomains` (in `TSKConfiguration` of an Info.plist, or a standalone plist).
    case trustkit
    /// Android Network Security Config (`network_security_config.xml`).
    case android
    /// App Transport Security `NSAppTransportSecurity/NSPinnedDomains` of an Info.plist.
    case ats

    /// The name used in messages and notes.
    public var displayName: String {
        switch self {
        case .trustkit: return "TrustKit"
        case .android: return "Android Network Security Config"
        case .ats: return "ATS NSPinnedDomains"
        }
    }
}

/// A domain as a configuration file states it, with which of its settings the format states at all.
///
/// Formats that cannot express a setting (ATS has no report-only mode and no expiry) leave it unstated, so a merge
/// keeps the manifest's value instead of overwriting it with a default the file never chose.
public struct ImportedDomain: Hashable, Sendable {
    /// A domain setting a format may state.
    public enum Setting: String, Hashable, Sendable, CaseIterable {
        case includeSubdomains
        case mode
        case expires
        case reportUris
    }

    /// Host (already through the host rule), settings and pins (`added` and `note` unset).
    public var policy: DomainPolicy
    public var stated: Set<Setting>

    public init(policy: DomainPolicy, stated: Set<Setting>) {
        self.policy = policy
        self.stated = stated
    }
}

/// What a configuration file holds that the manifest can carry, and what it could not.
public struct ImportedConfiguration: Hashable, Sendable {
    public let format: ImportFormat
    /// In the file's order (property-list dictionaries included: the readers keep their entries' order).
    public var domains: [ImportedDomain]
    /// Every item left out, with why: never dropped silently.
    public var notCarried: [ImportSkip]

    public init(format: ImportFormat, domains: [ImportedDomain] = [], notCarried: [ImportSkip] = []) {
        self.format = format
        self.domains = domains
        self.notCarried = notCarried
    }
}

/// One item of a configuration file that the manifest does not carry, where it is and why.
public struct ImportSkip: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Why, as a typed value to decide on; ``reason`` says it in words.
    public enum Code: String, Hashable, Sendable, Codable {
        /// A key or element the format defines but the manifest has no field for (report URIs, trust anchors).
        case unsupportedSetting
        /// A key or element this reader does not know.
        case unknownKey
        /// A digest other than SHA-256 (SHA-1 pins).
        case unsupportedDigest
        /// A pin that is not base64 of 32 bytes.
        case malformedPin
        /// A host the host rule refuses.
        case invalidHost
        /// A value of the wrong type or form (a date that is not `YYYY-MM-DD`, a string where a list belongs).
        case malformedValue
        /// A host stated twice in the same file.
        case duplicateHost
        /// A pin stated twice for the same domain: imported once.
        case duplicatePin
        /// A semantic the manifest expresses differently (ATS's both-lists rule).
        case semanticsDiffer
        /// A domain with no pins to carry.
        case noPins
    }

    public let code: Code
    /// Where in the file: `TSKPinnedDomains › api.example.com › TSKReportUris`, hostile text made visible.
    public let location: String
    public let reason: String

    public init(_ code: Code, at location: [String], _ reason: String) {
        self.code = code
        self.location = location.map(ImportText.shown).joined(separator: " › ")
        self.reason = reason
    }

    public var description: String { "\(location): \(reason)" }
}

/// File text shown in notes and errors: control and bidirectional characters made visible, long texts cut, so a
/// hostile configuration can neither drive a terminal nor flood it.
enum ImportText {
    static let maximumShownLength = 80

    static func shown(_ text: String) -> String {
        let cut = text.count > maximumShownLength ? String(text.prefix(maximumShownLength)) + "..." : text
        return TextHazards.visible(cut)
    }
}
