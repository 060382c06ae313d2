import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore

/// One side of `pinbench diff`: a manifest file, a git revision of the manifest, or the working manifest file.
public enum DiffSide: Equatable, Sendable {
    case file(String)
    case revision(String)
    /// The manifest named by `--manifest` (default pins.json) as it is on disk; absent, it is an empty manifest.
    case workingFile
    /// A release of the releases file beside the manifest: the pins it shipped, read as the forecast reads them (from
    /// its build's record, its git revision or its file).
    case release(String)

    /// Which side a command-line word names, for the message when it is ambiguous.
    public enum Role: String, Sendable {
        case old, new
    }

    /// The side a positional word names. A word starting with `/`, `./` or `../` is a file. Otherwise an existing
    /// file is the file unless the word is also a revision of the manifest's repository: then it is ambiguous and
    /// refused, with the explicit options that choose (a diff must never compare something other than the user
    /// meant). Any other word is a revision.
    public static func named(_ word: String, role: Role, manifest: URL) throws -> DiffSide {
        if word.hasPrefix("/") || word.hasPrefix("./") || word.hasPrefix("../") { return .file(word) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: word, isDirectory: &isFolder), !isFolder.boolValue else {
            return .revision(word)
        }
        // Without git (or outside a repository) no word is a revision, and files compare as before.
        if (try? GitRevisionReader.isRevision(word, in: manifest.deletingLastPathComponent())) == true {
            throw HistoryError(
                "'\(word)' names both a file and a git revision; say which one the \(role.rawValue) side is: "
                    + "--\(role.rawValue)-file \(word) (or ./\(word)) for the file, --\(role.rawValue)-rev \(word) "
                    + "for the revision")
        }
        return .file(word)
    }

    /// Fills the sides not given explicitly with the positional words, in order (old, then new); the rest default
    /// to HEAD (old) and the working file (new).
    public static func sides(
        explicitOld: DiffSide?, explicitNew: DiffSide?, words: [String], manifest: URL
    ) throws -> (old: DiffSide, new: DiffSide) {
        var remaining = words[...]
        func take(_ explicit: DiffSide?, _ role: Role) throws -> DiffSide? {
            if let explicit { return explicit }
            guard let word = remaining.popFirst() else { return nil }
            return try named(word, role: role, manifest: manifest)
        }
        let old = try take(explicitOld, .old) ?? .revision("HEAD")
        let new = try take(explicitNew, .new) ?? .workingFile
        return (old, new)
    }
}

/// A side read: its name as shown, its manifest, and where its trust anchors are read from.
public struct LoadedSide: Sendable {
    public let name: String
    public let manifest: PinManifest
    /// The manifest's file on disk (anchors resolve against its folder), or the file whose revision was read.
    public let url: URL
    /// The revision it was read at, if any: its trust anchors are then read at that revision too.
    public let revision: String?

    public init(name: String, manifest: PinManifest, url: URL, revision: String?) {
        self.name = name
        self.manifest = manifest
        self.url = url
        self.revision = revision
    }

    /// Reads `side`; `manifest` is the `--manifest` file (revisions and the working file are of it).
    public static func load(_ side: DiffSide, manifest: URL, manifestName: String) throws -> LoadedSide {
        switch side {
        case .file(let path):
            let url = URL(fileURLWithPath: path)
            return LoadedSide(name: path, manifest: try ManifestStore.load(url).manifest, url: url, revision: nil)
        case .revision(let revision):
            let (data, spec) = try GitRevisionReader.read(manifest, at: revision)
            return LoadedSide(
                name: spec, manifest: try ManifestCodec.decode(data, path: spec), url: manifest, revision: revision)
        case .workingFile:
            return LoadedSide(
                name: manifestName, manifest: try ManifestStore.loadOrCreate(manifest).manifest, url: manifest,
                revision: nil)
        case .release(let name):
            let loader = ReleaseLoader(manifest: manifest)
            guard let entry = try loader.entries(named: [name]).first else {
                throw HistoryError("release \(name): the releases file lists no release of that name")
            }
            var revision: String?
            if case .revision(let spec, _) = entry.source { revision = spec }
            return LoadedSide(
                name: "release \(name)", manifest: try loader.release(entry).manifest, url: manifest,
                revision: revision)
        }
    }
}
