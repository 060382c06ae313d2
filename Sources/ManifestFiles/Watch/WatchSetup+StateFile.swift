import CTWatch
import Foundation
import PinForecast
import PinningCore

/// The CT watch's state file beside the manifest: the one file a watch writes, so it lives with the other writers
/// and `CTWatch` (which the pure workbench links) keeps its state through a `DocumentStore` it is handed.
extension WatchSetup {
    /// The state file beside `manifest`, checked to be the watch's one output: never the manifest, the log list
    /// or the releases file, by any name or link, and never a pipe or device.
    public static func checkStateFile(besideManifest manifest: URL, logList: String?) throws(WatchSetupError) {
        let stateURL = WatchState.url(besideManifest: manifest)
        let inputs =
            [
                InputFile(manifest.path, what: "manifest"),
                InputFile(ReleaseList.url(besideManifest: manifest).path, what: "releases file"),
            ] + (logList.map { [InputFile($0, what: "CT log list")] } ?? [])
        do {
            _ = try OutputTarget.check(stateURL.path, inputs: inputs)
        } catch {
            throw WatchSetupError("\(stateURL.path): \(error.description); the watch keeps its position there")
        }
    }

    /// A round whose state is kept in the file beside `manifest` (the working manifest, `next`).
    public static func round(
        logs: [WatchedLog], manifest: URL, next: PinManifest, releases: [Release], fromNow: Bool, budget: Int,
        deadlines: WatchRound.Deadlines
    ) -> WatchRound {
        round(
            logs: logs, store: DocumentFile(WatchState.self, at: WatchState.url(besideManifest: manifest)), next: next,
            releases: releases, fromNow: fromNow, budget: budget, deadlines: deadlines)
    }
}
