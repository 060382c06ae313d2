import Foundation
import ManifestFiles
import PinForecast
import PinningCore
import ReleaseHistory
import Workbench

/// Reads the releases file beside the manifest for the Forecast view with the loader `pinbench forecast` uses
/// (``ReleaseLoader``: git revisions, manifest files, imported app configurations). A release whose pins cannot be
/// read is left out and said so; a file that cannot be read at all is an error with its file, line and column.
enum ReleasesReader {
    static func read(besideManifest manifest: URL) -> ReleasesOnDisk {
        let loader = ReleaseLoader(manifest: manifest)
        let list: ReleaseList
        do {
            guard let read = try ManifestStore.loadIfPresent(ReleaseList.self, at: loader.releasesFile) else {
                return .missing(path: loader.releasesFile.path)
            }
            list = read
        } catch {
            return .unreadable(error)
        }
        var releases: [Release] = []
        var problems: [String] = []
        // At most ReleaseList.maximumCount entries: the reader refuses a longer list.
        for entry in list.releases {
            do {
                releases.append(try loader.release(entry))
            } catch let failure as HistoryError {
                problems.append(failure.message)
            } catch {
                problems.append("release \(entry.name): \(error)")
            }
        }
        return .loaded(path: loader.releasesFile.path, book: ReleaseBook(releases), problems: problems)
    }
}
