import CTWatch
import Foundation
import ManifestFiles

extension WatchSettings {
    /// `workbench --ct-log-list FILE`: the list's logs read over the network, a round every `intervalSeconds`. A
    /// state file beside `manifest` kept for another list is refused before anything runs.
    public static func network(
        listPath: String, manifest: URL, intervalSeconds: Double, fromNow: Bool
    ) throws -> WatchSettings {
        try WatchSetup.checkStateFile(besideManifest: manifest, logList: listPath)
        return WatchSettings(
            logs: try WatchSetup.logs(listPath: listPath, timeout: 15, batch: budget),
            interval: .milliseconds(Int(intervalSeconds * 1000)), requestTimeout: 15, fromNow: fromNow)
    }
}
