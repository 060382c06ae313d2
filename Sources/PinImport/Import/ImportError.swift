import PinningCore

/// Why a configuration file could not be imported at all, in words a user can act on.
///
/// Items a file holds but the manifest cannot carry are not errors: they are ``ImportSkip``s, listed beside what
/// was imported. Decide on ``code``; ``reason`` is the message.
public struct ImportError: BadInputError, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        /// The file could not be read (missing, a folder, a FIFO, too large): see ``fileError``.
        case unreadable
        /// Not a property list (XML or binary), or not a dictionary at its root.
        case notAPropertyList
        /// Not well-formed XML, or not UTF-8.
        case notXML
        /// A document type declaration: entities are never expanded, so the file is refused.
        case documentTypeRefused
        /// XML in an encoding other than UTF-8 (declared, or marked by its first bytes): refused before parsing.
        case encodingRefused
        /// A property list that expands past ``PropertyListBudget`` (objects visited, bytes decoded).
        case expansionBudget
        /// The file parsed, but holds no configuration of the format (no `TSKPinnedDomains`, no `NSPinnedDomains`,
        /// no `network-security-config` root).
        case missingConfiguration
        /// Nesting deeper than the reader's bound.
        case tooDeep
        /// More domains or pins than the reader's bound.
        case tooMany
    }

    public let code: Code
    public let path: String
    public let reason: String
    /// The file reader's error, for ``Code/unreadable``.
    public let fileError: FileReadError?

    public init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
        self.fileError = nil
    }

    public init(file error: FileReadError) {
        code = .unreadable
        path = error.path
        reason = error.reason
        fileError = error
    }

    public var description: String { "\(ImportText.shown(path)): \(reason)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

/// Bounds on what an import reads: a configuration file is input, sometimes from someone else's repository.
public enum ImportLimits {
    /// Info.plists and network security configs are kilobytes; a megabyte is far past any real one.
    public static let maximumFileSize = 1 << 20
    public static let maximumDomains = 10_000
    /// Per domain. TrustKit and Android configs hold two to five.
    public static let maximumPinsPerDomain = 100
    /// XML element nesting (network-security-config › domain-config › ... › pin), and property-list containers.
    public static let maximumXMLDepth = 32
    /// Property-list objects read, each time a reference reaches one (a binary list can reference one object from
    /// many places): far past any configuration (10,000 domains of a few values each).
    public static let maximumPropertyListObjects = 200_000
    /// Bytes of property-list strings, keys and data decoded: a few times the largest file read.
    public static let maximumDecodedBytes = 8 << 20
    /// Notes about items not carried; past this, one summary note says how many more there were.
    public static let maximumNotes = 1_000
}
