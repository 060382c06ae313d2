import CTWatch
import ChainProbe
import Foundation
import PinningCore
import ReleaseHistory

extension WatchSetup {
    /// The logs of `listPath` to watch, each read over the network (``NetworkLogTransport``).
    public static func logs(listPath: String, urls: [String] = [], timeout: Double, batch: Int) throws -> [WatchedLog] {
        try logs(listPath: listPath, urls: urls, timeout: timeout, batch: batch) {
            NetworkLogTransport(url: $0, deadline: $1)
        }
    }

    /// The logs of `list` to watch (the lab's), each read over the network.
    public static func logs(list: CTLogList, timeout: Double, batch: Int, listName: String) throws -> [WatchedLog] {
        try logs(list: list, timeout: timeout, batch: batch, listName: listName) {
            NetworkLogTransport(url: $0, deadline: $1)
        }
    }

    /// A round of `logs` judging for `next` (the working manifest saved at `manifest`) and every release listed
    /// beside it, read now: `pinbench watch` and the workbench's own watch judge the same releases.
    public static func round(
        logs: [WatchedLog], manifest: URL, next: PinManifest, fromNow: Bool, budget: Int,
        deadlines: WatchRound.Deadlines
    ) throws -> WatchRound {
        let loader = ReleaseLoader(manifest: manifest)
        return round(
            logs: logs, manifest: manifest, next: next, releases: try loader.list().releases.map(loader.release),
            fromNow: fromNow, budget: budget, deadlines: deadlines)
    }
}
