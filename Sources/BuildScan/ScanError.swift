import PinningCore

/// Why a build could not be read: its kind (decided on, never the words), the entry it concerns and what is wrong.
/// Every one is bad input (exit 2): a build is attacker-controlled, and a scan that cannot read it says where.
public struct ScanError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        /// The file cannot be opened or read.
        case unreadable
        /// A structure is not what its format says (a field out of range, a wrong signature, a bad CRC).
        case malformed
        /// A bound of ``ScanLimits`` was reached (entries, sizes, ratio, total bytes, strings, depth).
        case limit
        /// An entry whose declared size is not what it inflates to.
        case sizeMismatch
        /// An entry name that is unsafe: `..`, an absolute path, a backslash, a control or escape character.
        case unsafeName
        /// Two entries with one name, or whose bytes overlap.
        case duplicateOrOverlap
        /// A ZIP feature PinBench refuses to read: ZIP64, encryption, compression other than stored and deflate.
        case unsupported
    }

    public let kind: Kind
    /// The artifact's entry the error concerns (escaped when shown), or nil for the archive as a whole.
    public let entry: String?
    public let reason: String
    /// The artifact scanned, once known (``BuildScanner`` sets it): a scan of several names the one at fault.
    public internal(set) var artifact: String?

    public init(_ kind: Kind, entry: String?, _ reason: String) {
        self.kind = kind
        self.entry = entry
        self.reason = reason
    }

    public var description: String {
        // Every part can carry text from the build (or a file name): escaped here, where the error becomes words.
        let prefix = artifact.map { TerminalSafeText.sanitize($0) + ": " } ?? ""
        guard let entry else { return prefix + TerminalSafeText.sanitize(reason) }
        return prefix + "\"\(TerminalSafeText.sanitize(entry))\": \(TerminalSafeText.sanitize(reason))"
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind && lhs.entry == rhs.entry }
}
