import Foundation
import ManifestEditing
import PinForecast
import PinningCore
import TransparencyLog

/// One pass over every watched log: read what is new, verified; judge each entry for a pinned host; keep the new
/// positions, the findings and each log's status in the state file under its lock, after each verified stretch of a
/// log (so a log cut off at its deadline keeps what it proved). The one round of `pinbench watch` and the workbench.
public struct WatchRound: Sendable {
    public let logs: [WatchedLog]
    public let hosts: WatchedHosts
    public let releases: [Release]
    public let next: PinManifest
    /// Where the state (positions, findings, each log's status) is kept: the state file beside the manifest, handed
    /// in by the caller, so that this target writes no file itself.
    public let store: any DocumentStore<WatchState>
    public let fromNow: Bool
    /// The most entries read from one log in one round.
    public let budget: Int
    public let deadlines: Deadlines

    /// How long a round, and each log in it, may read. Each log gets at most `perLog`, and at most its share of
    /// what is left of `round` (what is left, over the logs not yet read), so one slow log never takes the others'
    /// time. Past its time a log's entries are no longer requested; what it proved so far is kept.
    public struct Deadlines: Sendable {
        public let perLog: Duration
        public let round: Duration

        public init(perLog: Duration, round: Duration) {
            self.perLog = perLog
            self.round = round
        }

        /// `perLog` for each of `logs` logs, the round their sum.
        public init(perLog: Duration, logs: Int) {
            self.init(perLog: perLog, round: perLog * max(1, logs))
        }

        /// `perLogSeconds` for each log; the round `roundSeconds` when given, else the sum of the logs' times.
        public init(perLogSeconds: Double, roundSeconds: Double?, logs: Int) {
            let perLog = Duration.milliseconds(Int64(perLogSeconds * 1000))
            if let roundSeconds {
                self.init(perLog: perLog, round: .milliseconds(Int64(roundSeconds * 1000)))
            } else {
                self.init(perLog: perLog, logs: logs)
            }
        }

        /// No deadline but the requests' own.
        public static let none = Deadlines(perLog: .seconds(1 << 40), round: .seconds(1 << 40))
    }

    public init(
        logs: [WatchedLog], hosts: WatchedHosts, releases: [Release], next: PinManifest,
        store: any DocumentStore<WatchState>,
        fromNow: Bool, budget: Int, deadlines: Deadlines = .none
    ) {
        self.logs = logs
        self.hosts = hosts
        self.releases = releases
        self.next = next
        self.store = store
        self.fromNow = fromNow
        self.budget = budget
        self.deadlines = deadlines
    }

    /// The worst of a round, for `--once`'s exit status.
    public struct Outcome: Sendable {
        public var lockout = false
        public var misbehaving = false
        /// A log that could not be read this round (down, slow, refused, cut off at its deadline), or a state file
        /// that could not be kept.
        public var unread = false

        public init() {}

        public var exitStatus: Int32 {
            if misbehaving { return 3 }
            if lockout { return 1 }
            return unread ? 4 : 0
        }

        mutating func add(_ round: LogRound) {
            if round.locksOut { lockout = true }
            guard !round.more else { return }
            switch round.result {
            case .advanced: if round.cutOff { unread = true }
            case .failed(let failure): if failure.isMisbehaviour { misbehaving = true } else { unread = true }
            case .notKept: unread = true
            }
        }
    }

    /// Each log in turn, `report`ed after each stretch it kept (`more` set) and once when it is done. Stops early
    /// when the task is cancelled (the workbench quits, or the round ran past its deadline): a log not reached
    /// keeps its position.
    public func run(clock: @Sendable () -> Date = Date.init, report: (LogRound) -> Void) async -> Outcome {
        var outcome = Outcome()
        let roundEnd = ContinuousClock.now.advanced(by: deadlines.round)
        for (offset, log) in logs.enumerated() {
            if Task.isCancelled { break }
            let now = ContinuousClock.now
            let share = roundEnd > now ? (roundEnd - now) / (logs.count - offset) : .zero
            let deadline = now.advanced(by: min(deadlines.perLog, share))
            await advance(log, at: clock(), until: deadline) { round in
                outcome.add(round)
                report(round)
            }
        }
        return outcome
    }

    /// Steps in `log` until caught up, out of budget or past `deadline`, each stretch's findings and position kept
    /// together.
    private func advance(
        _ log: WatchedLog, at time: Date, until deadline: ContinuousClock.Instant, report: (LogRound) -> Void
    ) async {
        var round = LogRound(log: log, result: .failed(.unreachable("not read")))
        let saved: LogPosition?
        do {
            saved = try store.read()?.positions[log.id]
        } catch {
            round.result = .notKept(error.description)
            report(round)
            return
        }
        let follower = LogFollower(endpoint: log.endpoint, budget: budget)
        var kept = saved
        do {
            let start: LogPosition
            if let saved { start = saved } else { start = try await follower.start(fromNow: fromNow) }
            let end = try await follower.step(from: start, until: deadline, select: selects) {
                (stretch: LogFollower.Stretch) throws(LogFailure) -> Bool in
                var judged = LogRound(log: log, result: .advanced(stretch.position))
                try await judge(stretch.entries, in: log, into: &judged, at: time)
                judged.result = keep(stretch.position, judged.findings, for: log, after: kept, at: time)
                guard case .advanced = judged.result else {
                    round = judged
                    return false
                }
                kept = stretch.position
                judged.more = true
                report(judged)
                return true
            }
            if end != .notKept, let kept {
                round.result = .advanced(kept)
                round.cutOff = end == .deadline
            }
        } catch {
            round.result = .failed(error)
            note(error, for: log, at: time)
        }
        report(round)
    }

    /// Whether an entry is kept for judging: it names a pinned host.
    private func selects(_ entry: LogEntry) -> Bool {
        !hosts.hosts(for: entry.names).isEmpty
    }

    /// Judges each proven entry for a pinned host into `round`.
    private func judge(
        _ entries: [LogEntry], in log: WatchedLog, into round: inout LogRound, at time: Date
    ) async throws(LogFailure) {
        for entry in entries {
            let issuers = try await log.endpoint.issuers(of: entry)
            do {
                if let finding = try CTFinding(
                    entry: entry, issuers: issuers, log: log.name, hosts: hosts, releases: releases, next: next,
                    at: time)
                {
                    round.findings.append(finding)
                }
            } catch {
                // Logged, and for a pinned host, but no client could use it: said, not judged.
                round.undecodable.append("\(error.description); it names \(entry.names.joined(separator: ", "))")
            }
        }
    }
    /// Saves `position` and `findings` under the state file's lock, unless another watcher moved this log
    /// meanwhile.
    private func keep(
        _ position: LogPosition, _ findings: [CTFinding], for log: WatchedLog, after saved: LogPosition?, at time: Date
    ) -> LogRound.Result {
        do {
            return try store.update {
                (state: inout WatchState) -> LogRound.Result in
                guard state.positions[log.id] == saved else {
                    return .notKept("another watch moved its position meanwhile; this round's is not kept")
                }
                state.positions[log.id] = position
                state.record(findings)
                let moved = position != saved
                let before = state.status[log.id]
                state.status[log.id] = LogStatus(
                    name: log.name, checked: time, advanced: moved ? time : before?.advanced, trouble: nil)
                return .advanced(position)
            }
        } catch {
            return .notKept((error as? ManifestError)?.description ?? "\(error)")
        }
    }

    /// Keeps why `log` could not be used, for the workbench's status bar. A state file that cannot take it loses
    /// only the note: the failure itself is reported by the caller.
    private func note(_ failure: LogFailure, for log: WatchedLog, at time: Date) {
        _ = try? store.update { state in
            let before = state.status[log.id]
            state.status[log.id] = LogStatus(
                name: log.name, checked: time, advanced: before?.advanced, trouble: failure)
        }
    }
}
