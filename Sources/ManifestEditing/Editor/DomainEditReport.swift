import Foundation
import PinningCore

/// What an edit of one domain did, as `domain set --json` and `pin note --json` print it.
public struct DomainEditReport: Encodable, Sendable {
    public let host: String
    public let changed: Bool
    public let message: String
    public let manifest: String
    /// The domain as written, or as found when nothing changed.
    public let domain: DomainPolicy?

    public init(_ outcome: ManifestEditor.Outcome, domain: DomainPolicy?, host: String, manifest: URL) {
        self.host = host
        changed = outcome.didChange
        message = outcome.description
        self.manifest = manifest.path
        self.domain = domain
    }

    /// The line `domain set` and `pin note` print without --json.
    public var line: String { changed ? "\(message); wrote \(manifest)" : message }
}
