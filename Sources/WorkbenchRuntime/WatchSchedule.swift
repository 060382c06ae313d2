import Foundation

/// The CT watch the workbench runs itself, when a log list is configured: a round every `interval`, each cut off
/// at `deadline`. The round is the launcher's (it builds CTWatch's ``CTWatch/WatchRound`` with PinBench's HTTPS
/// client, as `pinbench watch` does); its findings reach the screen through the state file it writes. A round that
/// cannot run at all (the manifest or the releases file unreadable) returns why, and the screen says so.
public struct WatchSchedule: Sendable {
    public let interval: Duration
    public let deadline: Duration
    /// One round; why it could not run, or nil when it ran.
    public let round: @Sendable () async -> String?

    public init(interval: Duration, deadline: Duration, round: @escaping @Sendable () async -> String?) {
        self.interval = interval
        self.deadline = deadline
        self.round = round
    }

    /// Runs rounds off the session loop until the returned task is cancelled (the workbench quits), telling
    /// `report` after each why it could not run (nil: it ran, or was cut off at its deadline).
    func start(report: @escaping @Sendable (String?) -> Void) -> Task<Void, Never> {
        Task.detached(executorPreference: RuntimeExecutor.shared) { [self] in
            while !Task.isCancelled {
                report(await runOnce())
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One round, cancelled at `deadline` (a backstop: the round keeps its own per-log and per-round deadlines): a
    /// round stops between batches once cancelled, keeping each stretch it proved, and each request to a log has
    /// its own deadline, so a slow log cannot hold the next round back for long. Why the round could not run, when
    /// it says.
    func runOnce() async -> String? {
        let round = self.round
        let deadline = self.deadline
        return await withTaskGroup(of: String?.self) { group in
            group.addTask { await round() }
            group.addTask {
                try? await Task.sleep(for: deadline)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
