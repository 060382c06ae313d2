import CTWatch
import Foundation
import ManifestEditing
import ManifestFiles
import PinForecast
import PinningCore
import TransparencyLog

/// What a watch round is made of, read the same way for `pinbench watch` and the workbench: the logs of a log
/// list, and the releases of the releases file beside the manifest with the working manifest as `next`.
enum WatchSetup {
    /// The logs of `listPath` to watch (all usable ones, or those whose URL is in `urls`).
    static func logs(listPath: String, urls: [String] = [], timeout: Double, batch: Int) throws -> [WatchedLog] {
        let list: CTLogList
        do {
            list = try CTLogList.read(path: listPath)
        } catch {
            throw CLIFailure("\(listPath): \(error.description)")
        }
        return try logs(list: list, urls: urls, timeout: timeout, batch: batch, listName: listPath)
    }

    static func logs(
        list: CTLogList, urls: [String] = [], timeout: Double, batch: Int, listName: String
    ) throws -> [WatchedLog] {
        let watched = try WatchedLog.select(
            from: list, urls: urls, deadline: .milliseconds(Int(timeout * 1000)), batch: min(batch, 1000))
        guard !watched.isEmpty else { throw CLIFailure("\(listName) lists no log to watch") }
        return watched
    }

    /// The state file beside `manifest`, checked to be the watch's one output: never the manifest, the log list
    /// or the releases file, by any name or link, and never a pipe or device.
    static func checkStateFile(besideManifest manifest: URL, logList: String?) throws {
        let stateURL = WatchState.url(besideManifest: manifest)
        let inputs =
            [
                InputFile(manifest.path, what: "manifest"),
                InputFile(ReleaseLoader(manifest: manifest).releasesFile.path, what: "releases file"),
            ] + (logList.map { [InputFile($0, what: "CT log list")] } ?? [])
        do {
            _ = try OutputTarget.check(stateURL.path, inputs: inputs)
        } catch {
            throw CLIFailure("\(stateURL.path): \(error.description); the watch keeps its position there")
        }
    }

    /// A round over `logs` for the manifest `next` at `manifest`, with the releases file beside it as it is now.
    static func round(
        logs: [WatchedLog], manifest: URL, next: PinManifest, fromNow: Bool, budget: Int,
        deadlines: WatchRound.Deadlines
    ) throws -> WatchRound {
        let loader = ReleaseLoader(manifest: manifest)
        let releases = try loader.list().releases.map(loader.release)
        let hosts = WatchedHosts(manifests: releases.map(\.manifest) + [next])
        return WatchRound(
            logs: logs, hosts: hosts, releases: releases, next: next,
            store: DocumentFile(WatchState.self, at: WatchState.url(besideManifest: manifest)), fromNow: fromNow,
            budget: budget,
            deadlines: deadlines)
    }
}
