import Foundation
import ManifestFiles
import PinForecast
import PinImport
import PinningCore

/// Reads the pins a release carries from where its entry says they are: a git revision (read as `diff` reads one,
/// ``GitRevisionReader``), a manifest file (the strict reader) or an app configuration (the importers). One loader for
/// `pinbench forecast`, `pinbench watch` and the workbench, so they judge the same pins.
public struct ReleaseLoader: Sendable {
    /// The working manifest: a revision with no path is of this file, and the releases file sits beside it.
    public let manifest: URL

    public init(manifest: URL) {
        self.manifest = manifest
    }

    public var releasesFile: URL { ReleaseList.url(besideManifest: manifest) }

    /// The releases file as the strict reader reads it; an empty list when there is none.
    public func list() throws -> ReleaseList {
        try ManifestStore.loadIfPresent(ReleaseList.self, at: releasesFile) ?? ReleaseList()
    }

    /// The entries of the releases file, or only those named in `names` (in the file's order); a name the file does
    /// not hold is refused rather than judged as nothing.
    public func entries(named names: [String] = []) throws -> [ReleaseEntry] {
        let entries = try list().releases
        guard !names.isEmpty else { return entries }
        let known = Set(entries.map(\.name))
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw HistoryError(
                "--release \(unknown): \(releasesFile.path) lists no release of that name "
                    + "(`pinbench release list` shows them)")
        }
        let wanted = Set(names)
        return entries.filter { wanted.contains($0.name) }
    }

    /// `entry` with its pins read.
    public func release(_ entry: ReleaseEntry) throws -> Release {
        var build: ReleaseBuild?
        if case .build(let record) = entry.source { build = record }
        let format = entry.formatShown
        return Release(
            name: entry.name, shipped: entry.shipped, share: entry.share, manifest: try pins(of: entry), build: build,
            pinsFrom: entry.source.shown + (format == "manifest" || format == "build" ? "" : " (\(format))"))
    }

    /// The pins `entry` carries, as a manifest; the error names the release.
    public func pins(of entry: ReleaseEntry) throws -> PinManifest {
        do {
            switch entry.source {
            case .build(let build):
                // The pins the scan found when the release was added: the artifact need not be kept.
                return build.manifest
            case .file(let path):
                let url = URL(fileURLWithPath: path, relativeTo: releasesFile.deletingLastPathComponent())
                guard let format = ImportFormat(entry.format) else {
                    // Read as the manifest is, without the fingerprint a document kept for writing needs.
                    guard let manifest = try ManifestStore.loadIfPresent(PinManifest.self, at: url) else {
                        throw ManifestError(.notFound, path: url.path, reason: PinManifest.missingReason)
                    }
                    return manifest
                }
                return Self.merged(try ConfigurationImporter.read(url, as: format))
            case .revision(let revision, let path):
                let file = try path.map(repositoryFile) ?? manifest
                let (data, shown) = try GitRevisionReader.read(file, at: revision)
                guard let format = ImportFormat(entry.format) else {
                    return try ManifestCodec.decode(data, path: shown)
                }
                return Self.merged(try ConfigurationImporter.read(data, as: format, path: shown))
            }
        } catch let failure as HistoryError {
            throw HistoryError("release \(entry.name): \(failure.message)")
        } catch let error as ManifestError {
            throw HistoryError("release \(entry.name): \(error.description)")
        } catch let error as ImportError {
            throw HistoryError("release \(entry.name): \(error.description)")
        }
    }

    /// The file at `path` (relative to the root of the repository holding the manifest) in the working tree.
    public func repositoryFile(_ path: String) throws -> URL {
        let folder = manifest.deletingLastPathComponent()
        let top = try GitRevisionReader.git(["rev-parse", "--show-toplevel"], in: folder)
        guard top.status == 0 else {
            throw HistoryError("\(folder.path) is not inside a git repository, so a revision cannot be read")
        }
        return URL(fileURLWithPath: top.text.trimmingCharacters(in: .newlines)).appendingPathComponent(path)
    }

    /// `file`'s path relative to the root of the repository holding the manifest, as a revision's entry stores it.
    public func repositoryPath(of file: URL) throws -> String {
        let folder = file.deletingLastPathComponent()
        let prefix = try GitRevisionReader.git(["rev-parse", "--show-prefix"], in: folder)
        guard prefix.status == 0 else {
            throw HistoryError("\(folder.path) is not inside a git repository, so a revision cannot be read")
        }
        return prefix.text.trimmingCharacters(in: .newlines) + file.lastPathComponent
    }

    /// An imported configuration as the manifest of the release that ships it.
    private static func merged(_ imported: ImportedConfiguration) -> PinManifest {
        var manifest = PinManifest()
        _ = ImportMerge.apply(imported, to: &manifest)
        return manifest
    }
}

extension ImportFormat {
    /// The importer for a release's format; nil for a PinBench manifest, which the manifest reader reads.
    public init?(_ format: ReleaseEntry.Format) {
        switch format {
        case .manifest: return nil
        case .trustkit: self = .trustkit
        case .android: self = .android
        case .ats: self = .ats
        }
    }
}
