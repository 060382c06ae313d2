import Foundation
import ManifestEditing
import ManifestFiles
import PinForecast
import PinningCore

extension ReleaseLoader {
    /// Adds `entries` to the releases file under the manifest's lock, atomically, after reading each one's pins (a
    /// release whose pins cannot be read is never listed). A name already listed is refused, or with `keepListed`
    /// kept as it is; returns the names kept. The list as it would be written must read back, or nothing is written.
    @discardableResult
    public func add(_ entries: [ReleaseEntry], keepListed: Bool) throws -> [String] {
        for entry in entries { _ = try pins(of: entry) }
        let url = releasesFile
        return try ManifestStore.update(
            ReleaseList.self, at: url, beforeWriting: { try Self.checkReadsBack($0, url: url) }
        ) { list -> [String] in
            var kept: [String] = []
            for entry in entries {
                guard list.entry(named: entry.name) == nil else {
                    guard keepListed else {
                        throw HistoryError(
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
    }

    /// Removes the release named `name` from the releases file, under the manifest's lock; an unknown name is refused.
    public func remove(named name: String) throws {
        let url = releasesFile
        try ManifestStore.update(ReleaseList.self, at: url, createIfMissing: false) { list in
            guard let index = list.releases.firstIndex(where: { $0.name == name }) else {
                throw HistoryError(
                    "no release named \(name) in \(url.path); nothing was changed (`pinbench release list` lists them)"
                )
            }
            list.releases.remove(at: index)
        }
    }

    private static func checkReadsBack(_ list: ReleaseList, url: URL) throws {
        do {
            _ = try ReleaseList.decode(list.encoded(), path: url.path)
        } catch {
            throw HistoryError("\(error.reason); nothing was written to \(url.path)")
        }
    }
}
