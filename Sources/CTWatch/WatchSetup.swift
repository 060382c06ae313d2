import Foundation
import ManifestEditing
import PinForecast
import PinningCore
import TransparencyLog

/// What a watch round is made of, the same way for `pinbench watch` and the workbench: the logs of a log list, the
/// state file beside the manifest, and the hosts of the shipped releases and the working manifest (`next`).
public enum WatchSetup {
    /// Makes the transport for one log, with a deadline for each request.
    public typealias Transport = (LogURL, Duration) -> any LogTransport

    /// The logs of `listPath` to watch (all usable ones, or those whose URL is in `urls`), each request within
    /// `timeout` seconds, at most `batch` entries (and never over 1000) asked for at once.
    public static func logs(
        listPath: String, urls: [String] = [], timeout: Double, batch: Int, transport: Transport
    ) throws(WatchSetupError) -> [WatchedLog] {
        let list: CTLogList
        do {
            list = try CTLogList.read(path: listPath)
        } catch {
            throw WatchSetupError("\(listPath): \(error.description)")
        }
        return try logs(
            list: list, urls: urls, timeout: timeout, batch: batch, listName: listPath, transport: transport)
    }

    public static func logs(
        list: CTLogList, urls: [String] = [], timeout: Double, batch: Int, listName: String, transport: Transport
    ) throws(WatchSetupError) -> [WatchedLog] {
        let deadline = Duration.milliseconds(Int(timeout * 1000))
        let watched = try WatchedLog.select(from: list, urls: urls, batch: min(batch, 1000)) {
            transport($0, deadline)
        }
        guard !watched.isEmpty else { throw WatchSetupError("\(listName) lists no log to watch") }
        return watched
    }

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

    /// A round over `logs` for the shipped `releases` and the manifest `next` at `manifest` (the working one, whose
    /// state file sits beside it): the hosts of every release and of `next` are watched.
    public static func round(
        logs: [WatchedLog], manifest: URL, next: PinManifest, releases: [Release], fromNow: Bool, budget: Int,
        deadlines: WatchRound.Deadlines
    ) -> WatchRound {
        let hosts = WatchedHosts(manifests: releases.map(\.manifest) + [next])
        return WatchRound(
            logs: logs, hosts: hosts, releases: releases, next: next,
            stateURL: WatchState.url(besideManifest: manifest), fromNow: fromNow, budget: budget,
            deadlines: deadlines)
    }
}
