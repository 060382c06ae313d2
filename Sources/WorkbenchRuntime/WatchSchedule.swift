import Foundation

/// The CT watch the workbench runs itself, when a log list is configured: a round every `interval`, each cut off
/// at `deadline`. The round is the launcher's (it builds CTWatch's ``CTWatch/WatchRound`` with PinBench's HTTPS
/// client, as `pinbench watch` does); its findings reach the screen through the state file it writes.
public struct WatchSchedule: Sendable {
    public let interval: Duration
    public let deadline: Duration
    public let round: @Sendable () async -> Void

    public init(interval: Duration, deadline: Duration, round: @escaping @Sendable () async -> Void) {
        self.interval = interval
        self.deadline = deadline
        self.round = round
    }

    /// Runs rounds off the session loop until the returned task is cancelled (the workbench quits).
    func start() -> Task<Void, Never> {
        Task.detached { [self] in
            while !Task.isCancelled {
                await runOnce()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One round, cancelled at `deadline`: a round stops between logs once cancelled, and each request to a log
    /// has its own deadline, so a slow log cannot hold the next round back for long.
    func runOnce() async {
        let round = self.round
        let deadline = self.deadline
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await round() }
            group.addTask { try? await Task.sleep(for: deadline) }
            await group.next()
            group.cancelAll()
        }
    }
}
