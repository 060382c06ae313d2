import Foundation
import PinForecast
import PinningCore

/// What `release add --from WORD` names: a file or a git revision of the manifest's repository.
public enum ReleaseSourceWord {
    /// The source `word` names. A word starting with `/`, `./` or `../`, or naming an existing file, is a file; any
    /// other word is a revision. A word naming both is refused: a release must never read other pins than meant.
    public static func source(_ word: String, path: String?, loader: ReleaseLoader) throws -> ReleaseEntry.Source {
        let folder = loader.manifest.deletingLastPathComponent()
        let pathStart = word.hasPrefix("/") || word.hasPrefix("./") || word.hasPrefix("../")
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: word, isDirectory: &isFolder) && !isFolder.boolValue
        if pathStart || exists {
            if !pathStart, (try? GitRevisionReader.isRevision(word, in: folder)) == true {
                throw HistoryError(
                    "--from \(word) names both a file and a git revision; write ./\(word) for the file, or name the "
                        + "revision another way (refs/tags/\(word), or its commit)")
            }
            if path != nil { throw HistoryError("--path goes with a revision; --from \(word) is a file") }
            return .file(relativeToReleases(URL(fileURLWithPath: word), loader: loader))
        }
        try GitRevisionReader.check(word)
        guard try GitRevisionReader.isRevision(word, in: folder) else {
            throw HistoryError(
                "--from \(word) is neither a file nor a revision of the repository at \(folder.path) "
                    + "(`git tag` and `git log --oneline` list revisions)")
        }
        return .revision(word, path: try path.map { try loader.repositoryPath(of: URL(fileURLWithPath: $0)) })
    }

    /// The entry for `release add NAME --from WORD`: its source (``source(_:path:loader:)``) and `shipped`, a day
    /// written YYYY-MM-DD.
    public static func entry(
        name: String, from word: String, path: String?, format: ReleaseEntry.Format, shipped: String?, share: Double?,
        loader: ReleaseLoader
    ) throws -> ReleaseEntry {
        let day = try shipped.map { text -> CalendarDay in
            guard let day = CalendarDay(text) else {
                throw HistoryError("--shipped \(text) is not a date of the form YYYY-MM-DD")
            }
            return day
        }
        let source = try source(word, path: path, loader: loader)
        return ReleaseEntry(name: name, shipped: day, share: share, source: source, format: format)
    }

    /// `file` as the entry stores it: relative to the releases file's folder when inside it, else absolute.
    static func relativeToReleases(_ file: URL, loader: ReleaseLoader) -> String {
        let folder = loader.releasesFile.deletingLastPathComponent().standardizedFileURL.path
        let path = file.standardizedFileURL.path
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }
}

extension ReleaseEntry.Source {
    /// Where the pins come from, as the list shows it.
    public var shown: String {
        switch self {
        case .revision(let revision, let path): return "git \(revision)" + (path.map { ":" + $0 } ?? "")
        case .file(let file): return file
        case .build(let build): return build.shown
        }
    }
}
