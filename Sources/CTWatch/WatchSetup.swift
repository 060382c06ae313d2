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

    /// A round over `logs` for the shipped `releases` and the working manifest `next`, keeping its state in
    /// `store` (`ManifestFiles` keeps it in the file beside the manifest): the hosts of every release and of `next`
    /// are watched.
    public static func round(
        logs: [WatchedLog], store: any DocumentStore<WatchState>, next: PinManifest, releases: [Release],
        fromNow: Bool, budget: Int, deadlines: WatchRound.Deadlines
    ) -> WatchRound {
        let hosts = WatchedHosts(manifests: releases.map(\.manifest) + [next])
        return WatchRound(
            logs: logs, hosts: hosts, releases: releases, next: next, store: store, fromNow: fromNow, budget: budget,
            deadlines: deadlines)
    }
}
