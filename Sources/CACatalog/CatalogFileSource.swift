import Foundation
import PinningCore

/// Where a catalog's files come from: the ones compiled into the binary, or a folder a team keeps (`--ca-catalog
/// DIR`). Paths are relative and use `/`: `letsencrypt/catalog.json`, `letsencrypt/gen-y/int-ye1.pem`.
public protocol CatalogFileSource: Sendable {
    /// The CA folders the source holds (each with a `catalog.json`), sorted.
    func authorityFolders() throws(CACatalogError) -> [String]
    func read(_ path: String) throws(CACatalogError) -> Data
}

/// A catalog folder on disk: one sub-folder per CA, named by its id, each with its `catalog.json` and PEM files.
public struct CatalogFolder: CatalogFileSource {
    public let url: URL
    /// The largest file read: far above any catalog or certificate.
    static let maximumFileSize = 4 << 20
    /// The most CAs one folder may hold: far above any team's, low enough that reading them stays quick.
    static let maximumAuthorities = 32

    public init(_ url: URL) {
        self.url = url
    }

    public func authorityFolders() throws(CACatalogError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw CACatalogError(.unreadable, path: url.path, "the catalog folder cannot be read: \(error)")
        }
        let folders = names.filter { name in
            var isFolder: ObjCBool = false
            let catalog = url.appendingPathComponent(name).appendingPathComponent("catalog.json").path
            return FileManager.default.fileExists(atPath: catalog, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
        guard folders.count <= Self.maximumAuthorities else {
            throw CACatalogError(
                .unreadable, path: url.path,
                "\(folders.count) CAs, more than the \(Self.maximumAuthorities) a catalog holds")
        }
        // A folder that adds nothing is a wrong path, not an empty catalog: most often one CA's own folder.
        guard !folders.isEmpty else {
            let oneCA = names.contains("catalog.json")
            throw CACatalogError(
                .unreadable, path: url.path,
                oneCA
                    ? "this is one CA's folder; name the folder that holds it (a sub-folder per CA)"
                    : "holds no CA: a catalog folder has a sub-folder per CA, each with its catalog.json")
        }
        return folders
    }

    public func read(_ path: String) throws(CACatalogError) -> Data {
        // A catalog names files inside its own folder: never an absolute path or one that climbs out.
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw CACatalogError(.inconsistent, path: path, "a catalog names files inside its folder, by a plain path")
        }
        // Nor through a link that leads out of it: the file's real path must be inside the folder's.
        let root = url.resolvingSymlinksInPath().standardizedFileURL.path
        let file = url.appendingPathComponent(path).resolvingSymlinksInPath().standardizedFileURL
        guard file.path.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw CACatalogError(.inconsistent, path: path, "leads out of the catalog folder (through a link)")
        }
        do {
            return try BoundedFileReader.read(file, limit: Self.maximumFileSize, what: "catalog file")
        } catch {
            throw CACatalogError(.unreadable, path: path, "\(error)")
        }
    }
}

/// Files held in memory: the catalog compiled into the binary (``CACatalog/builtIn``), or a test's.
public struct CatalogFiles: CatalogFileSource {
    public let files: [String: String]

    public init(_ files: [String: String]) {
        self.files = files
    }

    public func authorityFolders() throws(CACatalogError) -> [String] {
        files.keys.filter { $0.hasSuffix("/catalog.json") }.map { String($0.dropLast("/catalog.json".count)) }.sorted()
    }

    public func read(_ path: String) throws(CACatalogError) -> Data {
        guard let text = files[path] else {
            throw CACatalogError(.unreadable, path: path, "no such file in the catalog")
        }
        return Data(text.utf8)
    }
}
