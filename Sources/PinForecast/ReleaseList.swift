import Foundation
import PinningCore

/// The app versions in the field, kept beside the manifest in a file of their own (`releases.json`): read by the
/// manifest's strict reader and written by its locked atomic writer (``ManifestStore``).
public struct ReleaseList: StoredDocument {
    public static let currentSchema = 1
    /// More releases than any app keeps installed; a longer list is refused rather than judged.
    public static let maximumCount = 1_000

    public var releases: [ReleaseEntry]

    public init(releases: [ReleaseEntry] = []) {
        self.releases = releases
    }

    public static var empty: ReleaseList { ReleaseList() }

    /// The releases file's name: it sits in the manifest's folder, so a manifest and its releases move together.
    public static let fileName = "releases.json"

    /// The releases file kept beside the manifest at `manifest`.
    public static func url(besideManifest manifest: URL) -> URL {
        manifest.deletingLastPathComponent().appendingPathComponent(fileName)
    }

    public static var missingReason: String {
        "no such releases file (add a release with `pinbench release add NAME --from REV|FILE|BUILD`)"
    }

    /// The release named `name` (names are unique, compared exactly).
    public func entry(named name: String) -> ReleaseEntry? { releases.first { $0.name == name } }
}

/// One shipped app version as the releases file states it: where its pins come from, not the pins themselves.
public struct ReleaseEntry: Hashable, Sendable {
    /// Where a release's pins come from.
    public enum Source: Hashable, Sendable {
        /// The manifest as a git revision holds it (`git show REV:PATH`); `path` is the manifest's path in the
        /// repository, nil for the working manifest's own.
        case revision(String, path: String?)
        /// A file, relative to the releases file's folder.
        case file(String)
        /// An app build scanned when the release was added: its pins are the record's, read from the releases file.
        case build(ReleaseBuild)
    }

    /// How the source is written: a PinBench manifest, or an app configuration the importers read.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case manifest, trustkit, android, ats
    }

    public var name: String
    public var shipped: CalendarDay?
    /// Share of active installs, in percent.
    public var share: Double?
    public var source: Source
    /// How a file or revision is written; a build's record is always `manifest` (and not written).
    public var format: Format

    public init(
        name: String, shipped: CalendarDay? = nil, share: Double? = nil, source: Source, format: Format = .manifest
    ) {
        self.name = name
        self.shipped = shipped
        self.share = share
        self.source = source
        self.format = format
    }
}
