import ArgumentParser
import Foundation
import ManifestFiles
import PinForecast
import PinningCore

/// `pinbench release add`: a shipped app version, or every git tag matching a pattern.
struct ReleaseAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a shipped release: where its pins come from, when it shipped, its share of installs.",
        discussion: """
            --from names where the release's pins are: a git revision of the manifest (read as `pinbench diff` \
            reads one: `git show REV:PATH`, a committed symbolic link followed inside the repository only), or a \
            file. A word starting with /, ./ or ../, or naming an existing file, is a file; any other word is a \
            revision; a word naming both is refused until you write ./WORD for the file. --format reads the source \
            as a PinBench manifest (default) or with an importer (trustkit, android, ats); for a revision of a file \
            other than the manifest, --path names it. The release's pins are read now: a source that cannot be \
            read is refused and nothing is written.

            --tags GLOB adds every git tag matching GLOB as a release of the manifest at that tag, dated by the tag \
            (tags already listed are kept as they are).

            The releases file (\(ReleaseList.fileName) beside the manifest) is written only under the manifest's \
            lock, atomically; a file that is not valid (duplicate names, unknown fields, more than \
            \(ReleaseList.maximumCount) releases, shares over 100 %) is refused with its line and column.

            Examples:
              pinbench release add 4.2 --from v4.2 --shipped 2026-03-01 --share 38
              pinbench release add 4.1 --from old/pins.json --share 20
              pinbench release add 3.9 --from ios/Info.plist --format trustkit --share 5
              pinbench release add 4.0 --from v4.0 --path app/src/main/res/xml/network_security_config.xml \
            --format android
              pinbench release add --tags 'v4.*'
            """
    )

    @Argument(help: "The release's name (an app version such as 4.2).")
    var name: String?

    @Option(help: ArgumentHelp("A git revision of the manifest, or a file.", valueName: "rev|file"))
    var from: String?

    @Option(help: ArgumentHelp("With a revision: the file to read at it, if not the manifest.", valueName: "file"))
    var path: String?

    @Option(help: "How the source is written: manifest, trustkit, android or ats.")
    var format: ReleaseEntry.Format = .manifest

    @Option(parsing: .unconditional, help: ArgumentHelp("The day it shipped (YYYY-MM-DD).", valueName: "date"))
    var shipped: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Its share of active installs, in percent (0 to 100).", valueName: "pct"))
    var share: Double?

    @Option(help: ArgumentHelp("Add every git tag matching GLOB as a release.", valueName: "glob"))
    var tags: String?

    @OptionGroup var manifestOptions: ManifestOptions

    func validate() throws {
        // Checked before the releases file is locked: a value the file cannot hold never reaches its writer.
        if let share { try OptionRange.check(share, 0...100, option: "--share", unit: "percent") }
        if let name, Release.isCandidateName(name) { throw ValidationError(Release.candidateNameRefusal(name)) }
        if tags != nil {
            if name != nil || from != nil { throw ValidationError("give either --tags GLOB, or NAME --from REV|FILE.") }
            if shipped != nil || share != nil {
                throw ValidationError("--tags dates each release by its tag; add --shipped and --share one by one.")
            }
        } else if name == nil || from == nil {
            throw ValidationError("give NAME --from REV|FILE (or --tags GLOB).")
        }
    }

    func run() throws {
        let loader = ReleaseLoader(manifest: manifestOptions.url)
        let entries: [ReleaseEntry]
        if let tags {
            entries = try ReleaseTags.entries(matching: tags, loader: loader, path: path, format: format)
        } else if let name, let from {
            entries = [try entry(name: name, from: from, loader: loader)]
        } else {
            entries = []
        }
        // Every source is read before the list is touched: a release whose pins cannot be read is not added.
        for entry in entries { _ = try loader.pins(of: entry) }
        let url = loader.releasesFile
        let kept = try ManifestStore.update(
            ReleaseList.self, at: url, beforeWriting: { try Self.check($0, url: url) }
        ) { list -> [String] in
            var kept: [String] = []
            for entry in entries {
                guard list.entry(named: entry.name) == nil else {
                    guard tags != nil else {
                        throw CLIFailure(
                            "a release named \(entry.name) is already listed in \(url.path); nothing was changed "
                                + "(`pinbench release remove \(entry.name)` first to replace it)")
                    }
                    kept.append(entry.name)
                    continue
                }
                list.releases.append(entry)
            }
            return kept
        }
        for entry in entries where !kept.contains(entry.name) {
            Output.line("Added release \(entry.name) (pins from \(entry.source.shown), \(entry.format.rawValue))")
        }
        for name in kept { Output.line("Kept release \(name): already listed") }
        if entries.isEmpty, let tags { Output.line("No git tag matches \(tags); nothing was added.") }
        Output.line("\(url.path): \(entries.count - kept.count) added")
    }

    private func entry(name: String, from: String, loader: ReleaseLoader) throws -> ReleaseEntry {
        let day = try shipped.map { text -> CalendarDay in
            guard let day = CalendarDay(text) else {
                throw CLIFailure("--shipped \(text) is not a date of the form YYYY-MM-DD")
            }
            return day
        }
        let source = try ReleaseSourceWord.source(from, path: path, loader: loader)
        return ReleaseEntry(name: name, shipped: day, share: share, source: source, format: format)
    }

    /// The list as it would be written must read back: the releases file's own reader decides what is valid.
    private static func check(_ list: ReleaseList, url: URL) throws {
        do {
            _ = try ReleaseList.decode(list.encoded(), path: url.path)
        } catch {
            throw CLIFailure("\(error.reason); nothing was written to \(url.path)")
        }
    }
}

extension ReleaseEntry.Format: ExpressibleByArgument {}

/// What `--from WORD` names: a file or a git revision.
enum ReleaseSourceWord {
    static func source(_ word: String, path: String?, loader: ReleaseLoader) throws -> ReleaseEntry.Source {
        let folder = loader.manifest.deletingLastPathComponent()
        let pathStart = word.hasPrefix("/") || word.hasPrefix("./") || word.hasPrefix("../")
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: word, isDirectory: &isFolder) && !isFolder.boolValue
        if pathStart || exists {
            if !pathStart, (try? GitRevisionReader.isRevision(word, in: folder)) == true {
                throw CLIFailure(
                    "--from \(word) names both a file and a git revision; write ./\(word) for the file, or name the "
                        + "revision another way (refs/tags/\(word), or its commit)")
            }
            if path != nil { throw CLIFailure("--path goes with a revision; --from \(word) is a file") }
            return .file(relativeToReleases(URL(fileURLWithPath: word), loader: loader))
        }
        try GitRevisionReader.check(word)
        guard try GitRevisionReader.isRevision(word, in: folder) else {
            throw CLIFailure(
                "--from \(word) is neither a file nor a revision of the repository at \(folder.path) "
                    + "(`git tag` and `git log --oneline` list revisions)")
        }
        return .revision(word, path: try path.map { try loader.repositoryPath(of: URL(fileURLWithPath: $0)) })
    }

    /// `file` as the entry stores it: relative to the releases file's folder when inside it, else absolute.
    private static func relativeToReleases(_ file: URL, loader: ReleaseLoader) -> String {
        let folder = loader.releasesFile.deletingLastPathComponent().standardizedFileURL.path
        let path = file.standardizedFileURL.path
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }
}
