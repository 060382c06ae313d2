import CTWatch
import Foundation
import ManifestFiles
import PinningCore
import Workbench

/// Reads the CT watch's state file beside the manifest for the Transparency view, with the watch's own strict
/// reader, so the workbench shows what any watch (its own rounds, `pinbench watch` elsewhere) kept there.
enum WatchStateReader {
    static func read(besideManifest manifest: URL) -> WorkbenchMessage {
        let url = WatchState.url(besideManifest: manifest)
        do {
            guard let state = try ManifestStore.loadIfPresent(WatchState.self, at: url) else {
                return .watchOnDisk(.missing(path: url.path))
            }
            return .watchOnDisk(.loaded(state))
        } catch {
            return .watchOnDisk(.unreadable(error.description))
        }
    }
}
