import PinForecast

/// `release add`'s work: the releases to add (one whose pins a word names, or one per git tag matching a glob), each
/// read now, then added to the releases file under the manifest's lock; what was added and kept, as lines.
public struct ReleaseAddition: Sendable {
    public enum Source: Sendable {
        /// One release, its pins where `from` (a revision or a file) says.
        case word(name: String, from: String, shipped: String?, share: Double?)
        /// Every git tag matching the glob, dated by the tag; tags already listed are kept as they are.
        case tags(String)
        /// One release whose pins are read out of an app build; the name defaults to the version the build states.
        case build(name: String?, artifact: String, shipped: String?, share: Double?)
    }

    public var source: Source
    /// With a revision: the file to read at it, if not the manifest.
    public var path: String?
    public var format: ReleaseEntry.Format

    public init(_ source: Source, path: String?, format: ReleaseEntry.Format) {
        self.source = source
        self.path = path
        self.format = format
    }

    /// Adds the releases beside `loader`'s manifest; the lines say what was added, kept, or matched nothing.
    public func run(_ loader: ReleaseLoader) throws -> [String] {
        let entries: [ReleaseEntry]
        var keepListed = false
        switch source {
        case .tags(let glob):
            entries = try ReleaseTags.entries(matching: glob, loader: loader, path: path, format: format)
            keepListed = true
        case .word(let name, let from, let shipped, let share):
            entries = [
                try ReleaseSourceWord.entry(
                    name: name, from: from, path: path, format: format, shipped: shipped, share: share, loader: loader)
            ]
        case .build(let name, let artifact, let shipped, let share):
            guard path == nil, format == .manifest else {
                throw HistoryError("--path and --format go with a revision or a file; a build is read by its scan")
            }
            let built = try ReleaseFromBuild.entry(
                name: name, artifact: artifact, shipped: shipped, share: share, loader: loader)
            _ = try loader.add([built.entry], keepListed: false)
            return ["Added release \(built.entry.name) (pins from \(built.entry.source.shown))"] + built.notes
                + ["\(loader.releasesFile.path): 1 added"]
        }
        let kept = try loader.add(entries, keepListed: keepListed)
        var lines = entries.filter { !kept.contains($0.name) }.map {
            "Added release \($0.name) (pins from \($0.source.shown), \($0.format.rawValue))"
        }
        lines += kept.map { "Kept release \($0): already listed" }
        if entries.isEmpty, case .tags(let glob) = source {
            lines.append("No git tag matches \(glob); nothing was added.")
        }
        return lines + ["\(loader.releasesFile.path): \(entries.count - kept.count) added"]
    }
}
