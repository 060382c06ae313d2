import Foundation
import ManifestEditing
import PinForecast
import PinningCore
import TransparencyLog

/// One pass over every watched log: read what is new, verified; judge each entry for a pinned host; keep the new
/// positions, the findings and each log's status in the state file under its lock. The one round of
/// `pinbench watch` and the workbench.
public struct WatchRound: Sendable {
    public let logs: [WatchedLog]
    public let hosts: WatchedHosts
    public let releases: [Release]
    public let next: PinManifest
    public let stateURL: URL
    public let fromNow: Bool
    /// The most entries read from one log in one round.
    public let budget: Int

    public init(
        logs: [WatchedLog], hosts: WatchedHosts, releases: [Release], next: PinManifest, stateURL: URL,
        fromNow: Bool, budget: Int
    ) {
        self.logs = logs
        self.hosts = hosts
        self.releases = releases
        self.next = next
        self.stateURL = stateURL
        self.fromNow = fromNow
        self.budget = budget
    }

    /// The worst of a round, for `--once`'s exit status.
    public struct Outcome: Sendable {
        public var lockout = false
        public var misbehaving = false
        /// A log that could not be read this round (down, slow, refused), or a state file that could not be kept.
        public var unread = false

        public init() {}

        public var exitStatus: Int32 {
            if misbehaving { return 3 }
            if lockout { return 1 }
            return unread ? 4 : 0
        }

        mutating func add(_ round: LogRound) {
            switch round.result {
            case .advanced: if round.locksOut { lockout = true }
            case .failed(let failure): if failure.isMisbehaviour { misbehaving = true } else { unread = true }
            case .notKept: unread = true
            }
        }
    }

    /// Each log in turn, `report`ed as soon as it is done. Stops early when the task is cancelled (the workbench
    /// quits, or the round ran past its deadline): a log not reached keeps its position.
    public func run(clock: @Sendable () -> Date = Date.init, report: (LogRound) -> Void) async -> Outcome {
        var outcome = Outcome()
        for log in logs {
            if Task.isCancelled { break }
            let round = await advance(log, at: clock())
            outcome.add(round)
            report(round)
        }
        return outcome
    }

    /// One step in `log`, its findings and new position kept together.
    private func advance(_ log: WatchedLog, at time: Date) async -> LogRound {
        var round = LogRound(log: log, result: .failed(.unreachable("not read")))
        let saved: LogPosition?
        do {
            saved = try ManifestStore.loadIfPresent(WatchState.self, at: stateURL)?.positions[log.id]
        } catch {
            round.result = .notKept(error.description)
            return round
        }
        let position: LogPosition
        do {
            position = try await read(log, from: saved, into: &round, at: time)
        } catch {
            round.result = .failed(error)
            note(error, for: log, at: time)
            return round
        }
        round.result = keep(position, round.findings, for: log, after: saved, at: time)
        return round
    }

    /// Reads and verifies what is new in `log` after `saved`, judging each entry for a pinned host into `round`;
    /// the position after them.
    private func read(
        _ log: WatchedLog, from saved: LogPosition?, into round: inout LogRound, at time: Date
    ) async throws(LogFailure) -> LogPosition {
        let follower = LogFollower(endpoint: log.endpoint, budget: budget)
        let start: LogPosition
        if let saved { start = saved } else { start = try await follower.start(fromNow: fromNow) }
        let step = try await follower.step(from: start)
        for entry in step.entries {
            guard !hosts.hosts(for: entry.dnsNames).isEmpty else { continue }
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
                round.undecodable.append("\(error.description); it names \(entry.dnsNames.joined(separator: ", "))")
            }
        }
        return step.position
    }

    /// Saves `position` and `findings` under the state file's lock, unless another watcher moved this log
    /// meanwhile.
    private func keep(
        _ position: LogPosition, _ findings: [CTFinding], for log: WatchedLog, after saved: LogPosition?, at time: Date
    ) -> LogRound.Result {
        do {
            return try ManifestStore.update(WatchState.self, at: stateURL) {
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
        _ = try? ManifestStore.update(WatchState.self, at: stateURL) { state in
            let before = state.status[log.id]
            state.status[log.id] = LogStatus(
                name: log.name, checked: time, advanced: before?.advanced, trouble: failure)
        }
    }
}
