import Foundation
import PinForecast
import PinningCore

/// `release add --tags GLOB`: every git tag matching GLOB as a release, dated by the tag, oldest first.
public enum ReleaseTags {
    public static func entries(
        matching glob: String, loader: ReleaseLoader, path: String?, format: ReleaseEntry.Format
    ) throws -> [ReleaseEntry] {
        // The pattern is handed to git like a revision: the same refusals (an option's "-", control characters).
        try GitRevisionReader.check(glob)
        let folder = loader.manifest.deletingLastPathComponent()
        let listed = try GitRevisionReader.git(
            [
                "tag", "--list", "--sort=creatordate", "--format=%(creatordate:unix) %(refname:strip=2)",
                "--end-of-options", glob,
            ], in: folder)
        guard listed.status == 0 else {
            throw HistoryError("git could not list the tags in \(folder.path): \(listed.errorText)")
        }
        let lines = listed.text.split(separator: "\n")
        guard lines.count <= ReleaseList.maximumCount else {
            throw HistoryError(
                "\(lines.count) tags match \(glob), more than the \(ReleaseList.maximumCount) a releases file may "
                    + "hold; give a narrower pattern")
        }
        let repositoryPath = try path.map { try loader.repositoryPath(of: URL(fileURLWithPath: $0)) }
        return try lines.map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let seconds = TimeInterval(parts[0]) else {
                throw HistoryError("git listed a tag this pinbench cannot read: \(line)")
            }
            let tag = String(parts[1])
            try GitRevisionReader.check(tag)
            return ReleaseEntry(
                name: tag, shipped: CalendarDay(containing: Date(timeIntervalSince1970: seconds)),
                source: .revision(tag, path: repositoryPath), format: format)
        }
    }
}
