import CTWatch
import Foundation
import ManifestFiles
import PinningCore
import ReleaseHistory

/// The CT watch the workbench runs itself: the logs, how often, and where a log met for the first time starts.
/// `pinbench workbench --ct-log-list FILE` and `pinbench demo` (the lab's own logs) make one.
public struct WatchSettings: Sendable {
    public let logs: [WatchedLog]
    public let interval: Duration
    /// Each request to a log; a round is cut off at the logs' count times three attempts of it.
    public let requestTimeout: Double
    public let fromNow: Bool
    /// The most entries read from one log per round.
    public static let budget = 1000

    public init(logs: [WatchedLog], interval: Duration, requestTimeout: Double, fromNow: Bool) {
        self.logs = logs
        self.interval = interval
        self.requestTimeout = requestTimeout
        self.fromNow = fromNow
    }

    /// Rounds of `pinbench watch`'s own ``WatchRound`` on the manifest as saved at `manifest` (unsaved edits are
    /// not a release) with the releases file beside it, both read again each round; what they find goes to the
    /// state file, which the workbench watches.
    public func schedule(manifest: URL) -> WatchSchedule {
        let logs = self.logs
        let fromNow = self.fromNow
        let perLog = Duration.milliseconds(Int(requestTimeout * 1000 * 3 * 4))
        let deadlines = WatchRound.Deadlines(perLog: perLog, logs: logs.count)
        // The schedule cancels a round that overruns its own deadlines (by a request's time at most) a request
        // later: what it proved until then is kept.
        let cancelAt = deadlines.round + Duration.milliseconds(Int(requestTimeout * 1000 * 3 * 2))
        return WatchSchedule(interval: interval, deadline: cancelAt) {
            // A manifest or releases file that cannot be read now is read again next round; meanwhile the
            // status bar and the Transparency view say why.
            let round: WatchRound
            do {
                round = try WatchSetup.round(
                    logs: logs, manifest: manifest, next: try ManifestStore.load(manifest).manifest,
                    fromNow: fromNow, budget: Self.budget, deadlines: deadlines)
            } catch let failure as HistoryError {
                return failure.message
            } catch let failure as ManifestError {
                return failure.description
            } catch {
                return "\(error)"
            }
            _ = await round.run { _ in }
            return nil
        }
    }
}
