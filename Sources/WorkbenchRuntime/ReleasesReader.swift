import Foundation
import ManifestFiles
import PinForecast
import PinningCore
import Workbench

/// Reads the releases file beside the manifest for the Forecast view, as `pinbench forecast` reads it: the list by
/// the strict reader (``ReleaseList``), each release's pins through the loader the launcher hands in. A release
/// whose pins cannot be read is left out and said so; a file that cannot be read at all is an error with its file,
/// line and column.
enum ReleasesReader {
    static func read(
        besideManifest manifest: URL, pins: (ReleaseEntry, URL) -> Result<PinManifest, ReleasePinsFailure>
    ) -> ReleasesOnDisk {
        let url = ReleaseList.url(besideManifest: manifest)
        let list: ReleaseList
        do {
            guard let read = try ManifestStore.loadIfPresent(ReleaseList.self, at: url) else {
                return .missing(path: url.path)
            }
            list = read
        } catch {
            return .unreadable(error)
        }
        var releases: [Release] = []
        var problems: [String] = []
        // At most ReleaseList.maximumCount entries: the reader refuses a longer list.
        for entry in list.releases {
            switch pins(entry, manifest) {
            case .success(let pinned):
                releases.append(Release(name: entry.name, shipped: entry.shipped, share: entry.share, manifest: pinned))
            case .failure(let failure):
                problems.append(failure.message)
            }
        }
        return .loaded(path: url.path, book: ReleaseBook(releases), problems: problems)
    }
}
